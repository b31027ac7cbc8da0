import type { CameraTrendsFile } from "../../../publish/camera-trends.ts";
import { CODE_GENDERS } from "../../../site/gender-labels.ts";

/** The spans the page offers, in days. */
export const TREND_SPANS = [30, 90, 365] as const;
export type TrendSpan = (typeof TREND_SPANS)[number];

/**
 * The first view's span: the shortest that holds every day with data, so that a young site's
 * charts are not two thirds empty (issue 28): 35 days of data show 90, 20 show 30.
 */
export function fittingSpan(rooms: readonly (number | null)[]): TrendSpan {
  const first = rooms.findIndex((v) => v !== null);
  const covered = first === -1 ? 0 : rooms.length - first;
  return TREND_SPANS.find((span) => span >= covered) ?? 365;
}

/** ?days=30|90|365; anything else is the span that fits the data. */
export function parseSpan(value: string | null, fitting: TrendSpan): TrendSpan {
  const n = Number(value);
  return (TREND_SPANS as readonly number[]).includes(n) ? (n as TrendSpan) : fitting;
}

/** The page's address for a span: the plain path for the span that fits the data. */
export function cameraTrendsPath(span: TrendSpan, fitting: TrendSpan): string {
  return span === fitting ? "/camera-trends" : `/camera-trends?days=${span}`;
}

/** A series over the span: its values, the latest known and the first known, for the sentence beside it. */
export interface TrendSeries {
  values: (number | null)[];
  latest: number | null;
  first: number | null;
}

export interface CameraTrendsView {
  day: string;
  span: TrendSpan;
  /** The span of the plain address (fittingSpan). */
  fitting: TrendSpan;
  days: string[];
  rooms: TrendSeries;
  hd: TrendSeries;
  genders: { code: "f" | "m" | "c" | "t"; label: string; series: TrendSeries }[];
  tags: { tag: string; series: TrendSeries }[];
}

function trend(values: (number | null)[]): TrendSeries {
  const known = values.filter((v): v is number => v !== null);
  return { values, latest: known.at(-1) ?? null, first: known[0] ?? null };
}

/** The file's last `span` days, as the page shows them. */
export function cameraTrendsView(file: CameraTrendsFile, asked: string | null): CameraTrendsView {
  const fitting = fittingSpan(file.rooms);
  const span = parseSpan(asked, fitting);
  const last = <T>(values: T[]) => values.slice(-span);
  return {
    day: file.day,
    span,
    fitting,
    days: last(file.days),
    rooms: trend(last(file.rooms)),
    hd: trend(last(file.hd)),
    genders: CODE_GENDERS.map(([code, label]) => ({ code, label, series: trend(last(file.genders[code])) })),
    tags: file.tags.map(({ tag, shares }) => ({ tag, series: trend(last(shares)) })),
  };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The x axis of a span's charts: a month of days names every 7th day back from the last ("20 Nov");
 * longer spans name the first day of a month ("Nov"), every second or third month over a year, so
 * at most six names share a phone's width.
 */
export function dayAxisLabels(days: readonly string[]): (string | null)[] {
  if (days.length <= 31) {
    return days.map((d, i) =>
      (days.length - 1 - i) % 7 === 0 ? `${Number(d.slice(8))} ${MONTHS[Number(d.slice(5, 7)) - 1]}` : null,
    );
  }
  const starts = days.flatMap((d, i) => (d.endsWith("-01") ? [i] : []));
  const every = Math.max(1, Math.ceil(starts.length / 6));
  const named = new Set(starts.filter((_, k) => (starts.length - 1 - k) % every === 0));
  return days.map((d, i) => (named.has(i) ? (MONTHS[Number(d.slice(5, 7)) - 1] ?? null) : null));
}
