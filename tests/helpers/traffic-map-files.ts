import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ModelCountByLocation, modelCountByLocationSchema } from "../../src/publish/location-files.ts";
import { publishOnlineUsers } from "../../src/publish/online-users.ts";
import { FIXED_PATHS, locationFollowersPath, locationMostPopularPath } from "../../src/publish/paths.ts";
import { rankedFileSchema } from "../../src/publish/ranking-schemas.ts";
import {
  type ActiveUserCount,
  type ActiveUserCountTrendsYoy,
  activeUserCountSchema,
  activeUserCountTrendsYoySchema,
  type RecentBroadcasterStats,
  recentBroadcasterStatsSchema,
} from "../../src/publish/traffic-files.ts";
import { publishJson } from "../../src/publish/write-file.ts";
import type { RankingGender } from "../../src/stats/rankings/vocabulary.ts";
import { rankedRows } from "./ranked-list-files.ts";

/**
 * A publish directory holding the files of /traffic, /map and /location/…, written with
 * publishJson as the daily job writes them and checked against the publishers' schemas.
 *
 * Traffic, as of AS_OF:
 * - active_user_count: the 7 days to AS_OF hour by hour, except hour 03 of AS_OF (a gap). Viewers of
 *   every key rise with the hour of the day (`viewersAt`): 21:00 is the busiest hour (hour 23 is
 *   made quieter); rooms are a tenth of the viewers;
 * - trends: the 30 days to AS_OF, each with a year_before when `yearBefore` is set, else null;
 * - broadcaster stats: the 30 days to AS_OF.
 * Locations: colombia (CO), united-states (US), malta (MT: not drawn at 1:110m), kosovo (XK: drawn
 * without a numeric id); lists for colombia in all, women and couples (60 rows), for
 * united-states in all, and for romania (RO), which had nobody on the latest day (not in the counts).
 */
export const AS_OF = "2026-01-10";
const DAY_MS = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const KEYS = ["all", "c", "f", "m", "t"] as const;
/** Share of the 'all' figure per key. */
const SHARE = { all: 1, c: 0.1, f: 0.6, m: 0.2, t: 0.1 } as const;

/** The viewers (key all) of an hour of the day on the fixture's days. */
export const viewersAt = (hourOfDay: number) => (hourOfDay === 23 ? 50 : 100 + 10 * hourOfDay);
const byKey = (all: number, round = (n: number) => Math.round(n * 10) / 10) =>
  Object.fromEntries(KEYS.map((k) => [k, round(all * SHARE[k])])) as Record<(typeof KEYS)[number], number>;

export function activeUserCount(): ActiveUserCount {
  const end = Date.parse(`${AS_OF}T00:00:00Z`) + DAY_MS;
  const hours: ActiveUserCount["hours"] = [];
  for (let ms = end - 7 * DAY_MS; ms < end; ms += 3_600_000) {
    const at = new Date(ms);
    if (dayText(ms) === AS_OF && at.getUTCHours() === 3) continue;
    const viewers = viewersAt(at.getUTCHours());
    hours.push({
      hour: at.toISOString(),
      polls: 2,
      rooms: byKey(viewers / 10),
      rooms_max: byKey(viewers / 10 + 1, Math.round),
      viewers: byKey(viewers),
      viewers_max: byKey(viewers + 5, Math.round),
    });
  }
  return activeUserCountSchema.parse({ as_of: AS_OF, updated_at: new Date(end).toISOString(), hours });
}

export function trends(yearBefore: boolean): ActiveUserCountTrendsYoy {
  const last = Date.parse(`${AS_OF}T00:00:00Z`);
  const days = Array.from({ length: 30 }, (_, i) => {
    const ms = last - (29 - i) * DAY_MS;
    const averages = (day: string, viewers: number) => ({
      day,
      polls: 24,
      rooms: byKey(viewers / 10),
      viewers: byKey(viewers),
    });
    return {
      ...averages(dayText(ms), 200 + i),
      year_before: yearBefore ? averages(dayText(ms - 364 * DAY_MS), 100 + i) : null,
    };
  });
  return activeUserCountTrendsYoySchema.parse({
    as_of: AS_OF,
    updated_at: new Date(last + DAY_MS).toISOString(),
    days,
  });
}

export function broadcasterStats(): RecentBroadcasterStats {
  const last = Date.parse(`${AS_OF}T00:00:00Z`);
  const days = Array.from({ length: 30 }, (_, i) => ({
    day: dayText(last - (29 - i) * DAY_MS),
    broadcasters: byKey(40 + i, Math.round),
    new_broadcasters: byKey(10, Math.round),
    broadcast_hours: byKey(80.5),
    avg_peak_viewers: { all: 15.5, c: null, f: 20, m: 10, t: null },
  }));
  return recentBroadcasterStatsSchema.parse({
    as_of: AS_OF,
    updated_at: new Date(last + DAY_MS).toISOString(),
    days,
  });
}

const count = (all: number, couples: number, women: number, men: number, trans: number) => ({
  all,
  couples,
  women,
  men,
  trans,
});

export const MODEL_COUNTS: ModelCountByLocation = modelCountByLocationSchema.parse([
  { location: "colombia", country: "CO", name: "Colombia", count: count(1234, 100, 1000, 100, 34) },
  { location: "united-states", country: "US", name: "United States", count: count(300, 0, 200, 80, 20) },
  { location: "malta", country: "MT", name: "Malta", count: count(3, 0, 3, 0, 0) },
  { location: "kosovo", country: "XK", name: "Kosovo", count: count(1, 0, 1, 0, 0) },
]);

/** The location lists written: location, gender. */
export const LOCATION_LISTS: readonly [string, RankingGender][] = [
  ["colombia", "all"],
  ["colombia", "women"],
  ["colombia", "couples"],
  ["united-states", "all"],
  ["romania", "all"],
];
export const LOCATION_ROWS_WRITTEN = 60;

/** A location list's rows: most followed (kind f) and most popular (kind s) differ in their names. */
export const locationRows = (kind: "f" | "s", location: string, gender: RankingGender) =>
  rankedFileSchema.parse(
    rankedRows(kind, AS_OF, gender, location.replaceAll("-", "_"), LOCATION_ROWS_WRITTEN),
  );

export interface TrafficMapFixture {
  root: string;
  remove(): Promise<void>;
}

/**
 * Writes the files. `traffic: false` leaves the traffic files out, `locations: false` the location
 * files (the pages before the first publish); `online` is the online list (platform abbr `abbr`).
 */
export async function writeTrafficMapFixture(
  options: {
    traffic?: boolean;
    locations?: boolean;
    yearBefore?: boolean;
    abbr?: string;
    online?: string[];
  } = {},
): Promise<TrafficMapFixture> {
  const root = await mkdtemp(path.join(tmpdir(), "traffic-map-"));
  if (options.traffic !== false) {
    await publishJson(root, FIXED_PATHS.activeUserCount, activeUserCount());
    await publishJson(root, FIXED_PATHS.activeUserCountTrendsYoy, trends(options.yearBefore ?? false));
    await publishJson(root, FIXED_PATHS.recentBroadcasterStats, broadcasterStats());
  }
  if (options.locations !== false) {
    await publishJson(root, FIXED_PATHS.modelCountByLocation, MODEL_COUNTS);
    for (const [location, gender] of LOCATION_LISTS) {
      await publishJson(root, locationFollowersPath(location, gender), locationRows("f", location, gender));
      await publishJson(root, locationMostPopularPath(location, gender), locationRows("s", location, gender));
    }
  }
  if (options.online !== undefined) {
    await publishOnlineUsers(root, options.abbr ?? "tc", new Date(), options.online);
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
