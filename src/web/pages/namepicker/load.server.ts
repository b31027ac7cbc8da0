import { data, redirect } from "react-router";
import type { Db } from "../../../db/connect.ts";
import { closestNames, nameSeen, takenAmong } from "../../../db/queries/name-lookup.ts";
import { NO_WORDS_MESSAGE, nameCandidates, suggestionWords } from "../../../site/name-suggestions.ts";
import { modelNameParam } from "../../../site/performer-name.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import {
  CLOSEST_SHOWN,
  lastLiveText,
  type NameCheck,
  type NamePickerData,
  NOT_A_NAME_MESSAGE,
  namepickerPath,
  SUGGESTIONS_SHOWN,
  type Suggestions,
  WORDS_MAX_INPUT,
} from "./page-data.ts";

/**
 * /namepicker and /namepicker/{name}, with ?words= (SPEC §2): the check of the name in the address
 * and the free names made from the words, both rendered on the server so a link shows the answer.
 * A name written otherwise than a username is (capitals, spaces around) moves to its username
 * address; a name that cannot be one is the page with the reason, status 400. /namepicker?name=
 * is the form without JavaScript, sent on to the name's address.
 */
export async function loadNamePicker({ params, request, context }: PageLoaderArgs) {
  const url = new URL(request.url);
  const wordsInput = (url.searchParams.get("words") ?? "").slice(0, WORDS_MAX_INPUT).trim();
  const formName = url.searchParams.get("name");
  if (params.name === undefined && formName !== null && formName.trim() !== "")
    throw redirect(namepickerPath(normalized(formName), wordsInput));

  const now = Date.now();
  let check: NameCheck | null = null;
  if (params.name !== undefined) {
    const parsed = modelNameParam.safeParse(params.name);
    if (parsed.success && parsed.data !== params.name)
      throw redirect(namepickerPath(parsed.data, wordsInput), 301);
    check = parsed.success
      ? await checkName(context.db, parsed.data, now)
      : {
          kind: "invalid",
          name: params.name,
          problem: `${NOT_A_NAME_MESSAGE}: ${parsed.error.issues[0]?.message ?? "expected a performer name"}.`,
        };
  }

  const words =
    wordsInput !== "" ? suggestionWords(wordsInput) : check?.kind === "taken" ? nameWords(check.name) : [];
  const suggestions = wordsInput === "" && words.length === 0 ? null : await suggest(context.db, words);
  const page: NamePickerData = { check, wordsInput, suggestions };
  return check?.kind === "invalid" ? data(page, { status: 400 }) : page;
}

/** What the form's name becomes in the address: a username's lowercase, when it can be one. */
function normalized(name: string): string {
  const parsed = modelNameParam.safeParse(name);
  return parsed.success ? parsed.data : name.trim();
}

/** A taken name's own words, for free names like it ("rose_gold" gives rose, gold). */
function nameWords(name: string): string[] {
  return suggestionWords(name.replace(/\d+/g, " "));
}

async function checkName(db: Db, name: string, now: number): Promise<NameCheck> {
  const [seen, closest] = await Promise.all([nameSeen(db, name), closestNames(db, name, CLOSEST_SHOWN)]);
  const shown = closest.map((c) => ({ name: c.name, lastLive: lastLiveText(c.lastSeen, now) }));
  if (!seen.taken) return { kind: "free", name, closest: shown };
  return {
    kind: "taken",
    name,
    lastLive: seen.lastSeen === null ? null : lastLiveText(seen.lastSeen, now),
    closest: shown,
  };
}

/** The free names among the words' candidates: every candidate checked, in one query. */
async function suggest(db: Db, words: string[]): Promise<Suggestions> {
  if (words.length === 0) return { words, names: [], problem: NO_WORDS_MESSAGE };
  const candidates = nameCandidates(words);
  const taken = await takenAmong(db, candidates);
  const names = candidates.filter((n) => !taken.has(n)).slice(0, SUGGESTIONS_SHOWN);
  return { words, names, problem: null };
}
