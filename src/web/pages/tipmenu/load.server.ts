import { data, redirect } from "react-router";
import { namedCachePer } from "../../../cache/named-cache.ts";
import { itemKeyOf } from "../../../collect/subject-goal.ts";
import type { Db } from "../../../db/connect.ts";
import { popularTipMenuItems, searchTipMenus } from "../../../db/queries/tipmenu-search.ts";
import {
  GENDER_CODE_OF,
  isTipMenuPageGender,
  RANGE_REVERSED,
  type TipMenuPageGender,
  TOKENS_EXPECTED,
  TOKENS_MAX,
  TOKENS_MIN,
} from "../../../site/tipmenu.ts";
import { termField } from "../../../site/tipmenu-input.ts";
import type { PopularItem } from "../../../types/tipmenu.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { NOT_SEARCHABLE_MESSAGE, type TipMenuForm, type TipMenuPageData } from "./page-data.ts";

/** The popular items change slowly and cost a scan: each process keeps them ten minutes, one a database. */
const popularCache = namedCachePer<Db, "popular", PopularItem[]>({
  name: "tipmenu-popular",
  key: "one: the popular items",
  bound: { entries: 1 },
  ttlMs: 10 * 60_000,
});

function popular(db: Db, now: number): Promise<PopularItem[]> {
  return popularCache(db).getOrLoad("popular", () => popularTipMenuItems(db, new Date(now)), { at: now });
}

/** ?min= or ?max=: absent or empty is the end of the range; else a whole number in it, or the reason not. */
function tokensParam(raw: string | null, fallback: number): number | string {
  if (raw === null || raw.trim() === "") return fallback;
  const text = raw.trim();
  if (!/^\d{1,7}$/.test(text)) return TOKENS_EXPECTED;
  const value = Number(text);
  return value < TOKENS_MIN || value > TOKENS_MAX ? TOKENS_EXPECTED : value;
}

/** The search's address from the no-script form's fields; the range as typed, judged there. */
function formAddress(term: string, gender: string, min: string | null, max: string | null): string {
  const word = isTipMenuPageGender(gender) ? gender : "all";
  const query = new URLSearchParams();
  if (min !== null && min.trim() !== "") query.set("min", min.trim());
  if (max !== null && max.trim() !== "") query.set("max", max.trim());
  const search = query.toString();
  return `/tipmenu/${encodeURIComponent(term)}/${word}${search === "" ? "" : `?${search}`}`;
}

/**
 * /tipmenu and /tipmenu/{searchTerm}/{gender} with ?min= and ?max= (SPEC §2): the search form
 * with the popular items, and a search's answer rendered on the server, so a link shows it. A
 * gender word the site does not use is the 404 page (women and men move to female and male, no
 * gender to all); a
 * term or range that cannot be searched is the page with the reason, status 400.
 * /tipmenu?term= is the form without JavaScript, sent on to the search's address.
 */
export async function loadTipMenu({ params, request, context }: PageLoaderArgs) {
  const url = new URL(request.url);
  const now = Date.now();
  const minRaw = url.searchParams.get("min");
  const maxRaw = url.searchParams.get("max");

  if (params.term === undefined) {
    const term = (url.searchParams.get("term") ?? "").trim();
    if (term !== "")
      throw redirect(formAddress(term, url.searchParams.get("gender") ?? "all", minRaw, maxRaw));
    const page: TipMenuPageData = {
      form: { term: "", gender: "all", min: "", max: "" },
      answer: null,
      problem: null,
      popular: await popular(context.db, now),
    };
    return page;
  }

  const word = params.gender ?? "all";
  if (params.gender === undefined || word === "women" || word === "men")
    throw redirect(
      `/tipmenu/${encodeURIComponent(params.term)}/${word === "women" ? "female" : word === "men" ? "male" : "all"}${url.search}`,
      301,
    );
  if (!isTipMenuPageGender(word)) throw notFound();
  const gender: TipMenuPageGender = word;
  const form: TipMenuForm = { term: params.term, gender, min: minRaw ?? "", max: maxRaw ?? "" };
  const refuse = (reason: string) =>
    data<TipMenuPageData>(
      { form, answer: null, problem: `${NOT_SEARCHABLE_MESSAGE}: ${reason}.`, popular: [] },
      { status: 400 },
    );

  const term = termField.safeParse(params.term);
  if (!term.success) return refuse(`the item ${term.error.issues[0]?.message ?? "expected a search term"}`);
  const min = tokensParam(minRaw, TOKENS_MIN);
  const max = tokensParam(maxRaw, TOKENS_MAX);
  if (typeof min === "string") return refuse(`min ${min}`);
  if (typeof max === "string") return refuse(`max ${max}`);
  if (min > max) return refuse(RANGE_REVERSED.replace("minTokens", "min").replace("maxTokens", "max"));

  const answer = await searchTipMenus(
    context.db,
    {
      searchTerm: term.data,
      termKey: itemKeyOf(term.data),
      gender: GENDER_CODE_OF[gender],
      minTokens: min,
      maxTokens: max,
    },
    new Date(now),
  );
  const page: TipMenuPageData = { form: { ...form, term: term.data }, answer, problem: null, popular: [] };
  return page;
}
