import type { OverviewTabId } from "../../../site/urls/tag-overview.ts";

export type { OverviewTabId };

/** SPEC §9: each ranking table of the overview holds 25 performers. */
export const OVERVIEW_ROWS = 25;

/** The four tabs in SPEC §2's order. */
export const OVERVIEW_TABS: readonly OverviewTabId[] = ["followers", "monthly", "viewers", "growing"];

export interface TabInfo {
  /** The tab's name (SPEC §2). */
  label: string;
  /** The period it covers, as SPEC §2 gives it. */
  period: string;
  /** The heading of its figure's column. */
  figure: string;
}

export const TAB_INFO: Readonly<Record<OverviewTabId, TabInfo>> = {
  followers: { label: "Most followed", period: "followers, last count", figure: "Followers" },
  monthly: { label: "Top Monthly", period: "last 30 days", figure: "Score" },
  viewers: { label: "Most viewed", period: "last day", figure: "Viewers" },
  growing: { label: "Fastest rising", period: "last week", figure: "Gained" },
};

/** One row of a tab's table: the rank in its list, the username, and the tab's figure. */
export interface OverviewRow {
  rank: number;
  u: string;
  /** Followers, score, peak viewers or weekly follower gain, by tab. */
  value: number;
}

export interface OverviewTab {
  id: OverviewTabId;
  /** The first 25 of the list; null when its file is not published (the tab says so). */
  rows: OverviewRow[] | null;
  /**
   * 'Live only': the 25 highest ranked of the whole list who are live now, with their ranks. Null
   * when nobody's live state is known (a crawler, no recent online list) or the file is missing.
   */
  liveRows: OverviewRow[] | null;
  /** The list is over every gender although the page has one (a tag's most followed and fastest rising). */
  allGenders: boolean;
  /** The 'show more...' link: the whole list's page. */
  morePath: string;
}

/** The first `limit` rows of a ranked list whose performers are live. */
export function firstLive(
  rows: readonly OverviewRow[],
  live: ReadonlySet<string>,
  limit: number = OVERVIEW_ROWS,
): OverviewRow[] {
  const kept: OverviewRow[] = [];
  for (const row of rows) {
    if (kept.length >= limit) break;
    if (live.has(row.u)) kept.push(row);
  }
  return kept;
}

/** A horizontal swipe shorter than this (CSS pixels) is a tap or a wobble, not a swipe. */
export const SWIPE_MIN_PX = 50;

/**
 * The tab a swipe moves to: to the next on a swipe to the left (the content follows the finger),
 * to the previous on one to the right, not past the first or the last. A swipe must be mostly
 * horizontal (twice as wide as it is tall), so scrolling down the table never changes the tab.
 * Null when the gesture is no swipe or there is nowhere to go.
 */
export function swipeTarget(current: number, dx: number, dy: number, count: number): number | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 2 * Math.abs(dy)) return null;
  const target = dx < 0 ? current + 1 : current - 1;
  return target < 0 || target >= count ? null : target;
}
