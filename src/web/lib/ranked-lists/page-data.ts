import type { RankingGender, SupporterOrder } from "../../../stats/rankings/vocabulary.ts";
import type { RankingRow } from "./table-rows.ts";

/** The five ranked-list families (SPEC §2 route table). */
export type RankedFamily = "followers" | "growing" | "performers" | "2021" | "supporters";

/**
 * The table's mode (SPEC §2 "Ranking table"): followers with the 7-day change (most followed,
 * fastest rising, supporters), or viewers (top monthly, a year's list, with the score).
 */
export type TableMode = "followers" | "viewers";

/** What a ranked-list page's loader gives its component (and the browser, to hydrate): one page of rows. */
export interface RankedListData {
  family: RankedFamily;
  /** The h1, which the title repeats (with " (page N)" from page 2). */
  heading: string;
  description: string;
  /** The list's own address (no ?page): the pager's base. */
  listPath: string;
  /** This page's canonical address: the list's, with ?page={n} from page 2. */
  path: string;
  page: number;
  pageCount: number;
  /** Rows in the whole list. */
  total: number;
  gender: RankingGender;
  tag: string | null;
  mode: TableMode;
  /** The score column's heading, or null when the table has none. */
  scoreLabel: string | null;
  /** This page's rows (at most 50). */
  rows: RankingRow[];
  /** Gender tabs in tab order; null where the family has none. */
  genderTabs: { gender: RankingGender; path: string }[] | null;
  /** Supporters' order tabs; null elsewhere. */
  orderTabs: { order: SupporterOrder; label: string; path: string; current: boolean }[] | null;
  /** The day of a dated list with its Prev and Next addresses; null for the undated ones. */
  day: { day: string; prevPath: string | null; nextPath: string | null } | null;
  /** What the list's figures cover, in words ("the 30 days to 2026-01-10"); null when the heading says it. */
  period: string | null;
  /** A year without lists (/top/2021 before our records): the first day we have, for the empty state. */
  noYearData: { year: string; firstDay: string | null } | null;
  /** The request came from a crawler: no live states, no geo lookup, no thumbnails. */
  crawler: boolean;
  /** Live thumbnails' host, without a trailing slash; null shows none. */
  imageHost: string | null;
}
