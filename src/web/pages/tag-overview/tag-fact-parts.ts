import type { OverviewTabId } from "../../../site/urls/tag-overview.ts";
import type { RankingGender } from "../../../stats/rankings/vocabulary.ts";

/** A part of the tag fact: text, or a performer's name (which the page links to /{username}). */
export type FactPart = { text: string } | { username: string };

export interface ListTop {
  tab: OverviewTabId;
  /** The list's first performer. */
  username: string;
  /** The list is over every gender although the page has one. */
  allGenders: boolean;
}

const GENDER_NOUN: Readonly<Record<RankingGender, string>> = {
  all: "model",
  couples: "couple",
  women: "female model",
  men: "male model",
  trans: "trans model",
};

/** "asian female model", "model", "asian model of any gender". */
function noun(tag: string | null, gender: RankingGender, allGenders: boolean): string {
  const base = allGenders ? `${GENDER_NOUN.all} of any gender` : GENDER_NOUN[gender];
  return tag === null ? base : `${tag} ${base}`;
}

const LEAD: Readonly<Record<OverviewTabId, string>> = {
  followers: "the most followed",
  monthly: "the top monthly",
  viewers: "the most viewed",
  growing: "the fastest rising",
};

/**
 * The tag fact (SPEC §2): one sentence naming the top performer of each list, in tab order: "The
 * most followed asian model is X; the top monthly is Y; the most viewed is Z; the fastest rising is
 * W." A clause names whom it ranks when it is the first, or when its list covers other genders
 * than the clause before (a tag's most followed and fastest rising are over every gender). Lists
 * without a performer are left out; with none at all there is no fact (an empty array).
 */
export function tagFact(
  view: { gender: RankingGender; tag: string | null },
  tops: readonly ListTop[],
): FactPart[] {
  const parts: FactPart[] = [];
  let previousScope: boolean | null = null;
  tops.forEach((top, index) => {
    const named = previousScope === null || previousScope !== top.allGenders;
    previousScope = top.allGenders;
    const lead = index === 0 ? `${LEAD[top.tab][0]?.toUpperCase()}${LEAD[top.tab].slice(1)}` : LEAD[top.tab];
    const who = named ? ` ${noun(view.tag, view.gender, top.allGenders)}` : "";
    parts.push({ text: `${index === 0 ? "" : "; "}${lead}${who} is ` }, { username: top.username });
  });
  if (parts.length > 0) parts.push({ text: "." });
  return parts;
}

/** The fact as plain text (for tests and a description): names as they are. */
export function factText(parts: readonly FactPart[]): string {
  return parts.map((part) => ("text" in part ? part.text : part.username)).join("");
}
