import type { MonthlySummary } from "../../../db/queries/monthly-summaries.ts";
import type { YearlySummary } from "../../../db/queries/yearly-summary.ts";

/** What the wrapped page's loader gives its component (src/web/pages/summaries/wrapped.server.ts). */
export interface WrappedData {
  username: string;
  year: number;
  /** The canonical address: this year's without ?year. */
  path: string;
  summary: YearlySummary;
  /** Nothing counted in the year: the page says so instead of a wall of zeros. */
  empty: boolean;
  /** The viewer badge of the year's peak (src/rules/formulas/badges.ts). */
  viewerBadge: string | null;
  /** The rank badge of the year's best rank; null past Top 5000 or without a rank. */
  rankBadge: string | null;
  /** The performer's other years with streams, newest first. */
  otherYears: { year: number; path: string }[];
  monthlyPath: string;
  performerPath: string;
}

/** What the monthly summary's loader gives its component (monthly.server.ts). */
export interface MonthlyData {
  username: string;
  /** The window's last month, "YYYY-MM". */
  month: string;
  path: string;
  /** 12 months, oldest first, every one present. */
  months: MonthlySummary[];
  /** The 12 months before and after, when inside our history and not in the future. */
  earlierPath: string | null;
  laterPath: string | null;
  wrappedPath: string;
  performerPath: string;
}
