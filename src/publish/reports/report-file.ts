import { z } from "zod";

/**
 * A data report (issue 21): "The platform in {Month YYYY}", written by the daily job from the
 * derived tables, one JSON file a month, /api/reports/{YYYY-MM}.json, and its charts as static SVG
 * files. The blog renders it; the index lists every report written.
 */

export const REPORT_INDEX_PATH = "/api/reports/index.json";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = z.string().regex(MONTH);
const day = z.iso.date();

/** /api/reports/{YYYY-MM}.json */
export function reportPath(monthOf: string): string {
  if (!MONTH.test(monthOf)) throw new Error(`not a month: ${monthOf}`);
  return `/api/reports/${monthOf}.json`;
}

/** The charts of a report, each a static SVG file beside its table. */
export const REPORT_CHARTS = ["traffic", "top", "risers", "tags", "hours", "countries"] as const;
export type ReportChart = (typeof REPORT_CHARTS)[number];

/** /images/reports/{YYYY-MM}-{chart}.svg, or -narrow.svg for the phones' drawing. */
export function reportChartPath(
  monthOf: string,
  chart: ReportChart,
  size: "wide" | "narrow" = "wide",
): string {
  if (!MONTH.test(monthOf)) throw new Error(`not a month: ${monthOf}`);
  return `/images/reports/${monthOf}-${chart}${size === "narrow" ? "-narrow" : ""}.svg`;
}

/** A month's traffic: averages over its complete polls (traffic_hours, every room). */
export const monthTrafficSchema = z.strictObject({
  month,
  /** Days of the month with a complete poll. */
  days: z.number().int().min(1).max(31),
  /** Rooms online on average, one decimal. */
  rooms: z.number().nonnegative(),
  /** Viewers in every room together on average, whole. */
  viewers: z.number().int().nonnegative(),
  /** The most viewers at once in one poll. */
  peakViewers: z.number().int().nonnegative(),
});
export type MonthTraffic = z.infer<typeof monthTrafficSchema>;

const performerRow = z.strictObject({
  rank: z.number().int().min(1),
  username: z.string().min(1),
  gender: z.enum(["f", "m", "c", "t", "u"]),
});

const tagChange = z.strictObject({
  tag: z.string().min(1),
  /** Performers who used the tag on a day of the month, on average, one decimal. */
  performers: z.number().nonnegative(),
  /** The same in the month before. */
  previous: z.number().nonnegative(),
  /** performers − previous, one decimal. */
  change: z.number(),
});

const drawing = z.strictObject({
  /** The SVG's address, with ?v={its content's hash} so that a cache never keeps an old one. */
  src: z.string().regex(/^\/images\/reports\/\d{4}-\d{2}-[a-z]+(-narrow)?\.svg\?v=[A-Za-z0-9_-]+$/),
  /** Its size in CSS pixels (the SVG's viewBox), so the page keeps its place while it loads. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const chart = drawing.extend({
  /** What the chart shows, in words (its <img>'s alt; the table beside it holds the figures). */
  alt: z.string().min(1),
  /** The same chart drawn for a phone's width: labels above the bars, fewer ticks. */
  narrow: drawing,
});

export const reportFileSchema = z.strictObject({
  month,
  /** The day it is dated: the first after the month. */
  date: day,
  title: z.string().min(1),
  summary: z.string().min(1),
  traffic: z.strictObject({
    current: monthTrafficSchema,
    previous: monthTrafficSchema.nullable(),
    yearBefore: monthTrafficSchema.nullable(),
    /** Each day of the month with a complete poll: its averages. */
    daily: z.array(
      z.strictObject({ day, rooms: z.number().nonnegative(), viewers: z.number().int().nonnegative() }),
    ),
  }),
  /** The most viewers at once in a public show during the month. */
  topPerformers: z.array(
    performerRow.extend({
      peakViewers: z.number().int().nonnegative(),
      hoursOnline: z.number().nonnegative(),
    }),
  ),
  /** The most followers won over the month (the days' gains added up). */
  risers: z.array(
    performerRow.extend({
      followerGain: z.number().int(),
      followers: z.number().int().nonnegative().nullable(),
    }),
  ),
  tags: z.strictObject({
    /** Whether the month before is in the history (else grew and fell are empty). */
    compared: z.boolean(),
    top: z.array(z.strictObject({ tag: z.string().min(1), performers: z.number().nonnegative() })),
    grew: z.array(tagChange),
    fell: z.array(tagChange),
  }),
  /** Hours of the day (UTC), each one's averages over the month. */
  hours: z.array(
    z.strictObject({
      hour: z.number().int().min(0).max(23),
      rooms: z.number().nonnegative(),
      viewers: z.number().int().nonnegative(),
    }),
  ),
  /** Countries by their share of the month's performer-days; the rest added up as "other". */
  countries: z.array(
    z.strictObject({
      /** ISO 3166 alpha-2. */
      country: z.string().regex(/^[A-Z]{2}$/),
      /** Its English name, and its location page's segment. */
      name: z.string().min(1),
      location: z.string().min(1),
      performerDays: z.number().int().nonnegative(),
      /** Percent, one decimal. */
      share: z.number().nonnegative(),
    }),
  ),
  /** Every other country together, or null when the list holds them all. */
  otherCountries: z
    .strictObject({ performerDays: z.number().int().nonnegative(), share: z.number().nonnegative() })
    .nullable(),
  charts: z.strictObject({
    traffic: chart,
    top: chart.nullable(),
    risers: chart.nullable(),
    tags: chart.nullable(),
    hours: chart,
    countries: chart.nullable(),
  }),
});
export type ReportFile = z.infer<typeof reportFileSchema>;

/** /api/reports/index.json: every report written, newest first. */
export const reportIndexSchema = z.array(
  z.strictObject({
    month,
    slug: z.string().min(1),
    date: day,
    title: z.string().min(1),
    summary: z.string().min(1),
  }),
);
export type ReportIndex = z.infer<typeof reportIndexSchema>;
