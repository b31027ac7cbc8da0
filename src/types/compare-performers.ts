/**
 * POST /v1/compare_performers (SPEC §7, issue 20): what it takes and what it answers, shared by the
 * query, the call and the page.
 */

/** The windows a comparison may cover, in days ending at the latest complete UTC day. */
export const COMPARE_DAYS_BACK = [7, 30, 90, 365] as const;
export type CompareDaysBack = (typeof COMPARE_DAYS_BACK)[number];

/** How many performers one comparison takes. */
export const COMPARE_MIN_PERFORMERS = 2;
export const COMPARE_MAX_PERFORMERS = 5;

/** One UTC day of one performer; every figure is null on a day we hold nothing for. */
export interface CompareDay {
  day: string;
  /** Followers at the day's last sighting. */
  followers: number | null;
  /** The most viewers in a public show that day. */
  peakViewers: number | null;
  /** Viewers on average while online that day (one decimal). */
  avgViewers: number | null;
  minutesOnline: number | null;
  /** The best rank among all rooms that day (1 is the top). */
  bestRank: number | null;
}

/** One performer's figures over the whole window; null where the window holds none. */
export interface CompareTotals {
  /** Followers at the last day of the window with a count. */
  followers: number | null;
  /** Followers gained over the window: the last count in it against the last one before it. */
  followerChange: number | null;
  /** The best day's peak viewers. */
  peakViewers: number | null;
  /** Viewers on average over all the time online in the window, weighted by time (one decimal). */
  avgViewers: number | null;
  /** Hours online over the window (one decimal); 0 when seen but never online. */
  hoursOnline: number | null;
  bestRank: number | null;
  /** Days with any time online. */
  daysLive: number;
}

export type ComparedPerformer =
  | { username: string; found: false }
  | {
      username: string;
      found: true;
      displayName: string | null;
      /** The stored gender code: f, m, c, t (trans) or u. */
      gender: string;
      totals: CompareTotals;
      /** Every day of the window, oldest first. */
      days: CompareDay[];
    };

export interface CompareAnswer {
  daysBack: CompareDaysBack;
  /** The window's first and last UTC days, both included. */
  from: string;
  to: string;
  /** In the order asked. */
  performers: ComparedPerformer[];
}
