import { z } from "zod";
import {
  type DailyTraffic,
  dailyBroadcasters,
  dailyTraffic,
  hourlyTraffic,
  TRAFFIC_GENDERS,
  type TrafficGender,
} from "../db/queries/traffic-queries.ts";
import type { DayPublisher } from "./context.ts";
import { FIXED_PATHS } from "./paths.ts";
import { publishJson } from "./write-file.ts";

const DAY_MS = 86_400_000;
/** The same weekday one year earlier: 52 weeks back. */
const YEAR_BEFORE_MS = 364 * DAY_MS;

const isoInstant = z.iso.datetime();
const isoDay = z.iso.date();
const figure = z.number().nonnegative();
/** One figure per gender key: every room ('all'), then couples, female, male, trans. */
const byGender = <T extends z.ZodType>(value: T) =>
  z.strictObject({ all: value, c: value, f: value, m: value, t: value });

/** /api/active_user_count.json: the last 7 days, hour by hour. Hours without a complete poll are absent. */
export const activeUserCountSchema = z.strictObject({
  as_of: isoDay,
  updated_at: isoInstant,
  hours: z.array(
    z.strictObject({
      hour: isoInstant,
      polls: z.number().int().positive(),
      rooms: byGender(figure),
      rooms_max: byGender(z.number().int().nonnegative()),
      viewers: byGender(figure),
      viewers_max: byGender(z.number().int().nonnegative()),
    }),
  ),
});
export type ActiveUserCount = z.infer<typeof activeUserCountSchema>;

const dayAverages = z.strictObject({
  day: isoDay,
  polls: z.number().int().positive(),
  rooms: byGender(figure),
  viewers: byGender(figure),
});

/** /api/active_user_count_trends_yoy.json: the last 365 days, each beside the same weekday a year before. */
export const activeUserCountTrendsYoySchema = z.strictObject({
  as_of: isoDay,
  updated_at: isoInstant,
  days: z.array(dayAverages.extend({ year_before: dayAverages.nullable() })),
});
export type ActiveUserCountTrendsYoy = z.infer<typeof activeUserCountTrendsYoySchema>;

/** /api/recent_broadcaster_stats.json: the last 30 days of broadcasters. */
export const recentBroadcasterStatsSchema = z.strictObject({
  as_of: isoDay,
  updated_at: isoInstant,
  days: z.array(
    z.strictObject({
      day: isoDay,
      broadcasters: byGender(z.number().int().nonnegative()),
      new_broadcasters: byGender(z.number().int().nonnegative()),
      broadcast_hours: byGender(figure),
      avg_peak_viewers: byGender(figure.nullable()),
    }),
  ),
});
export type RecentBroadcasterStats = z.infer<typeof recentBroadcasterStatsSchema>;

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Rows keyed by their gender, with `empty` for a gender that has no row. */
function spread<R extends { gender: TrafficGender }, V>(
  rows: R[],
  value: (row: R) => V,
  empty: V,
): Record<TrafficGender, V> {
  const out = Object.fromEntries(TRAFFIC_GENDERS.map((g) => [g, empty])) as Record<TrafficGender, V>;
  for (const row of rows) out[row.gender] = value(row);
  return out;
}

function groupBy<R, K>(rows: R[], key: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

function averagesOf(day: string, rows: DailyTraffic[]): z.infer<typeof dayAverages> {
  return {
    day,
    // Every gender row of a day counts the same polls; 'all' always exists when any does.
    polls: rows.find((r) => r.gender === "all")?.polls ?? 0,
    rooms: spread(rows, (r) => r.rooms, 0),
    viewers: spread(rows, (r) => r.viewers, 0),
  };
}

/**
 * The traffic files as of `day`: the day's end is their "now", and no row after it is read, so
 * publishing an old day again gives the same bytes. Rows come sorted by time.
 */
export const publishTraffic: DayPublisher = async ({ db, root }, day) => {
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(dayStart) || dayText(dayStart) !== day) throw new Error(`not a day: ${day}`);
  const end = dayStart + DAY_MS;
  const header = { as_of: day, updated_at: new Date(end).toISOString() };

  const hours = groupBy(await hourlyTraffic(db, new Date(end - 7 * DAY_MS), new Date(end)), (r) => r.hour);
  const activeUserCount: ActiveUserCount = {
    ...header,
    hours: [...hours].map(([hour, rows]) => ({
      hour,
      polls: rows.find((r) => r.gender === "all")?.polls ?? 0,
      rooms: spread(rows, (r) => r.rooms, 0),
      rooms_max: spread(rows, (r) => r.roomsMax, 0),
      viewers: spread(rows, (r) => r.viewers, 0),
      viewers_max: spread(rows, (r) => r.viewersMax, 0),
    })),
  };

  const firstDay = dayStart - 364 * DAY_MS;
  const days = groupBy(await dailyTraffic(db, dayText(firstDay - YEAR_BEFORE_MS), day), (r) => r.day);
  const trends: ActiveUserCountTrendsYoy = { ...header, days: [] };
  for (const [d, rows] of days) {
    const ms = Date.parse(`${d}T00:00:00Z`);
    if (ms < firstDay) continue;
    const before = days.get(dayText(ms - YEAR_BEFORE_MS));
    trends.days.push({
      ...averagesOf(d, rows),
      year_before: before ? averagesOf(dayText(ms - YEAR_BEFORE_MS), before) : null,
    });
  }

  const broadcasters = groupBy(await dailyBroadcasters(db, dayText(end - 30 * DAY_MS), day), (r) => r.day);
  const recent: RecentBroadcasterStats = {
    ...header,
    days: [...broadcasters].map(([d, rows]) => ({
      day: d,
      broadcasters: spread(rows, (r) => r.broadcasters, 0),
      new_broadcasters: spread(rows, (r) => r.newBroadcasters, 0),
      broadcast_hours: spread(rows, (r) => Math.round(r.minutesOnline / 6) / 10, 0),
      avg_peak_viewers: spread<(typeof rows)[number], number | null>(rows, (r) => r.avgPeakViewers, null),
    })),
  };

  return [
    await publishJson(root, FIXED_PATHS.activeUserCount, activeUserCountSchema.parse(activeUserCount)),
    await publishJson(
      root,
      FIXED_PATHS.activeUserCountTrendsYoy,
      activeUserCountTrendsYoySchema.parse(trends),
    ),
    await publishJson(root, FIXED_PATHS.recentBroadcasterStats, recentBroadcasterStatsSchema.parse(recent)),
  ];
};
