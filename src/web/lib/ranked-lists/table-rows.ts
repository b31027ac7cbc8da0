import type { z } from "zod";
import type { rankedRowSchema, SupporterEntry } from "../../../publish/ranking-schemas.ts";
import { formatCount } from "../format.ts";

/** A ranked row as published (SPEC §3): most followed, fastest rising, top monthly, a year's lists. */
export type RankedRow = z.infer<typeof rankedRowSchema>;

/** One figure of the details column: "Broadcasts" "12". */
export interface RowDetail {
  label: string;
  value: string;
}

/**
 * One row of the shared ranking table (SPEC §2 "Ranking table"), whatever file it came from: the
 * loaders turn published rows into these, so the component knows nothing of the files.
 */
export interface RankingRow {
  u: string;
  rank: number;
  /** Rank in the same list the day before; null when the performer was not in it (shown "new"). */
  pr: number | null;
  /** The score column's figure, already formatted; null when the table has none. */
  score: string | null;
  details: RowDetail[];
  /** Most viewers (max_u), for the viewers column. */
  viewers: number;
  followers: number;
  /** The follower change over the 7 days ending with the list's day. */
  change: number;
  tags: string[];
  /** Live now: in the online list or seen under 5 minutes ago (SPEC §4). */
  live: boolean;
  /** Otherwise 'live N days ago', 'live recently' or 'not active last week'; null when unknown (crawlers). */
  liveText: string | null;
  /** Whether we keep the performer's profile thumbnail, shown beside the name where allowed. */
  hasThumb: boolean;
}

const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Minutes online as hours with one decimal: 2,700 minutes is "45.0 h". */
export function camHours(minutes: number): string {
  return `${oneDecimal.format(minutes / 60)} h`;
}

/** Details of a ranked row (score_details): broadcasts, best rank, most viewers, cam time in hours. */
export function rankedDetails(row: RankedRow): RowDetail[] {
  const d = row.score_details;
  return [
    { label: "Broadcasts", value: formatCount(d.broadcasts) },
    { label: "Best rank", value: d.best_rank === null ? "none" : `#${formatCount(d.best_rank)}` },
    { label: "Most viewers", value: formatCount(d.most_viewers) },
    { label: "Cam time", value: camHours(d.camTime) },
  ];
}

export type LiveOf = (username: string) => { live: boolean; liveText: string | null; hasThumb: boolean };

/** A published ranked row as a table row; `withScore` fills the score column (top monthly, a year). */
export function fromRankedRow(row: RankedRow, withScore: boolean, liveOf: LiveOf): RankingRow {
  return {
    u: row.u,
    rank: row.rank,
    pr: row.pr,
    score: withScore ? twoDecimals.format(row.score) : null,
    details: rankedDetails(row),
    viewers: row.max_u,
    followers: row.f,
    change: row.fg,
    tags: row.t,
    ...liveOf(row.u),
  };
}

/**
 * A supporter row as a table row: the score column shows the order's figure (new followers that
 * day, or per hour online), the details the minutes online and the gain per hour.
 */
export function fromSupporterEntry(
  row: SupporterEntry,
  order: "gained" | "per-hour",
  liveOf: LiveOf,
): RankingRow {
  return {
    u: row.u,
    rank: row.rank,
    pr: row.pr,
    score: order === "gained" ? formatCount(row.gained) : oneDecimal.format(row.per_hour),
    details: [
      { label: "New followers", value: formatCount(row.gained) },
      { label: "Minutes online", value: formatCount(row.minutes) },
      { label: "Per hour", value: oneDecimal.format(row.per_hour) },
    ],
    viewers: 0,
    followers: row.f,
    change: row.fg,
    tags: row.t,
    ...liveOf(row.u),
  };
}
