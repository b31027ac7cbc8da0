import type { TipMenuGender } from "../types/tipmenu.ts";

/**
 * The tip menu search's inputs (issue 20, decision 0024), shared by POST /v1/tipmenu-search and the
 * /tipmenu pages: the limits and refusal texts, and the gender words of the addresses. The checks
 * themselves (zod) are in tipmenu-input.ts, which the pages' browser code does not load.
 */

export const TERM_MIN = 2;
export const TERM_MAX = 60;
export const TOKENS_MIN = 0;
export const TOKENS_MAX = 1_000_000;

// The exact texts of the refusals (a 400's message is "{parameter}: {text}").
export const TERM_EXPECTED = "expected a search term";
export const TERM_TOO_SHORT = `expected at least ${TERM_MIN} characters`;
export const TERM_TOO_LONG = `expected at most ${TERM_MAX} characters`;
export const TERM_NO_WORDS = "expected letters or digits";
export const TERM_CONTROL = "expected a search term without control characters";
export const TOKENS_EXPECTED = `expected a whole number of tokens from ${TOKENS_MIN} to ${TOKENS_MAX.toLocaleString("en")}`;
export const RANGE_REVERSED = "expected minTokens at most maxTokens";

/** Whether a text can be searched as it stands (a performer's menu line, linked to its search). */
export function canSearch(text: string): boolean {
  const term = text.trim().replace(/\s+/g, " ");
  return term.length >= TERM_MIN && term.length <= TERM_MAX && /[\p{L}\p{N}]/u.test(term);
}

/** The page addresses' gender words (the site's page-level words) and their stored codes. */
export const TIP_MENU_PAGE_GENDERS = ["all", "female", "male", "couples", "trans"] as const;
export type TipMenuPageGender = (typeof TIP_MENU_PAGE_GENDERS)[number];

export const GENDER_CODE_OF: Readonly<Record<TipMenuPageGender, TipMenuGender | null>> = {
  all: null,
  female: "f",
  male: "m",
  couples: "c",
  trans: "t",
};

export const PAGE_GENDER_OF: Readonly<Record<TipMenuGender, TipMenuPageGender>> = {
  f: "female",
  m: "male",
  c: "couples",
  t: "trans",
};

export const GENDER_LABEL: Readonly<Record<TipMenuGender, string>> = {
  f: "Female",
  m: "Male",
  c: "Couples",
  t: "Trans",
};

export function isTipMenuPageGender(word: string): word is TipMenuPageGender {
  return (TIP_MENU_PAGE_GENDERS as readonly string[]).includes(word);
}

/** The address of a search: /tipmenu/{term}/{gender}, with ?min= and ?max= when not the whole range. */
export function tipMenuPath(
  term: string,
  gender: TipMenuPageGender,
  min = TOKENS_MIN,
  max = TOKENS_MAX,
): string {
  const base = `/tipmenu/${encodeURIComponent(term)}/${gender}`;
  const query = new URLSearchParams();
  if (min !== TOKENS_MIN) query.set("min", String(min));
  if (max !== TOKENS_MAX) query.set("max", String(max));
  const search = query.toString();
  return search === "" ? base : `${base}?${search}`;
}
