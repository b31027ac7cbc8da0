/**
 * The words of the rankings (SPEC §2, §3): the genders and supporter orders that name lists, and
 * which tags and location names can name one. The rankings choose by them, the publisher names
 * files by them (src/publish/paths.ts) and the pages read them from URLs, so they live here, below
 * all three.
 */

/** Gender names of the ranking pages and files; "all" has no suffix of its own. */
export const RANKING_GENDERS = ["all", "couples", "women", "men", "trans"] as const;
export type RankingGender = (typeof RANKING_GENDERS)[number];

export function isRankingGender(value: string): value is RankingGender {
  return (RANKING_GENDERS as readonly string[]).includes(value);
}

/** The supporter orders (docs/published-files.md): new followers that day, and per hour online. */
export const SUPPORTER_ORDERS = ["gained", "per-hour"] as const;
export type SupporterOrder = (typeof SUPPORTER_ORDERS)[number];

/** Tags and location names as file name parts: lowercase letters of any script, digits, '_' and '-'. */
const SEGMENT = /^[\p{Ll}\p{Lo}\p{Nd}_-]{1,64}$/u;

/** Whether a tag or location name can name a list: its files and its pages. */
export function isFileSegment(value: string): boolean {
  return SEGMENT.test(value);
}
