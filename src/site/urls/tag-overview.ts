import { isFileSegment, isRankingGender, type RankingGender } from "../../stats/rankings/vocabulary.ts";

/**
 * The addresses of the tag ranking overview (SPEC §2): /top, /top/{tagOrGender},
 * /top/{tag}/{gender}. The addresses the page makes leave out `all`.
 */
export const OVERVIEW_PATH = "/top";

/**
 * The first segments under /top that belong to other pages (the ranking lists, SPEC §2's route
 * table). React Router sends those addresses to their own routes, so a tag spelled like one of
 * them could never be reached at /top/{tag}: it is not a tag of this page.
 */
export const RESERVED_SEGMENTS: readonly string[] = [
  "viewers",
  "followers",
  "growing",
  "performers",
  "supporters",
  "2021",
];

export interface OverviewView {
  gender: RankingGender;
  tag: string | null;
}

/** Whether a tag has an address of its own here: it names files, and reads as no gender word or other page. */
export function isOverviewTag(tag: string): boolean {
  return isFileSegment(tag) && !isRankingGender(tag) && !RESERVED_SEGMENTS.includes(tag);
}

/**
 * Reads the segments after /top: none is every gender without a tag; one is the gender when it is
 * a gender word (all, couples, women, men, trans), otherwise the tag; two are the tag, then the
 * gender. Anything else (three segments, a gender first then a tag, a tag that cannot name a
 * file or is another page's word) is no page: null. Letters are matched lowercase, as tags are
 * published.
 */
export function parseOverviewSegments(segments: readonly (string | undefined)[]): OverviewView | null {
  const parts = segments.filter((s): s is string => s !== undefined && s !== "").map((s) => s.toLowerCase());
  const [first, second] = parts;
  if (parts.length > 2) return null;
  if (first === undefined) return { gender: "all", tag: null };
  if (second === undefined) {
    if (isRankingGender(first)) return { gender: first, tag: null };
    return isOverviewTag(first) ? { gender: "all", tag: first } : null;
  }
  return isOverviewTag(first) && isRankingGender(second) ? { gender: second, tag: first } : null;
}

/** The address of a view: /top, /top/{gender}, /top/{tag} or /top/{tag}/{gender}; all is left out. */
export function tagOverviewPath(view: OverviewView): string {
  const segments: string[] = [];
  if (view.tag !== null) segments.push(encodeURIComponent(view.tag));
  if (view.gender !== "all") segments.push(view.gender);
  return segments.length === 0 ? OVERVIEW_PATH : `${OVERVIEW_PATH}/${segments.join("/")}`;
}

/** /{base}[/{gender}][/{tag}], leaving out all: the lists' own addresses. */
function listPath(base: string, gender: RankingGender, tag: string | null): string {
  const segments = [base];
  if (gender !== "all") segments.push(gender);
  if (tag !== null) segments.push(encodeURIComponent(tag));
  return segments.join("/");
}

export type OverviewTabId = "followers" | "monthly" | "viewers" | "growing";

/**
 * Each tab's 'show more...' link (SPEC §2): /top/followers/{gender}, /top/performers/{gender}[/{tag}],
 * /top/viewers/{gender}[/{tag}], /top/growing/{gender}; with a tag, most followed and fastest
 * rising go to the tag's list, /top/followers/{tag} and /top/growing/{tag}, which is over every
 * gender (as the tab is). `all` is left out of every address.
 */
export function showMorePath(tab: OverviewTabId, view: OverviewView): string {
  switch (tab) {
    case "followers":
      return view.tag === null
        ? listPath("/top/followers", view.gender, null)
        : listPath("/top/followers", "all", view.tag);
    case "growing":
      return view.tag === null
        ? listPath("/top/growing", view.gender, null)
        : listPath("/top/growing", "all", view.tag);
    case "monthly":
      return listPath("/top/performers", view.gender, view.tag);
    case "viewers":
      return listPath("/top/viewers", view.gender, view.tag);
  }
}
