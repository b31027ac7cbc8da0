import type {
  ActiveUserCount,
  ActiveUserCountTrendsYoy,
  RecentBroadcasterStats,
} from "../../../publish/traffic-files.ts";
import type { ChartSpec } from "../../components/charts/chart-spec.ts";
import type { TrafficKey } from "../../lib/page-genders.ts";
import { type BusyHour, busiestHours } from "../../lib/traffic/busiest-hours.ts";
import { yoySeries } from "./yoy.ts";

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

export interface TrafficCharts {
  /** The 7 days hour by hour: average and highest rooms. */
  hourlyRooms: ChartSpec;
  /** The 7 days hour by hour: average and highest viewers. */
  hourlyViewers: ChartSpec;
  busiest: BusyHour[];
  yoyViewers: ChartSpec;
  yoyRooms: ChartSpec;
  /** Whether the year-before lines have any figure (a history under a year has none). */
  hasYearBefore: boolean;
  /** Broadcasters per day. */
  broadcasters: ChartSpec;
  /** Broadcasters of the day with no earlier day of broadcasting. */
  newBroadcasters: ChartSpec;
  broadcastHours: ChartSpec;
  avgPeakViewers: ChartSpec;
}

/** The hourly charts of /api/active_user_count.json for one gender key. */
function hourlyCharts(file: ActiveUserCount, key: TrafficKey) {
  const hours = [...file.hours].sort((a, b) => (a.hour < b.hour ? -1 : 1));
  const times = hours.map((h) => Date.parse(h.hour));
  const chart = (metric: "rooms" | "viewers", max: "rooms_max" | "viewers_max"): ChartSpec => ({
    times,
    timeUnit: "hour",
    decimals: 1,
    series: [
      { label: "Average", values: hours.map((h) => h[metric][key]) },
      { label: "Highest", values: hours.map((h) => h[max][key]) },
    ],
  });
  return {
    hourlyRooms: chart("rooms", "rooms_max"),
    hourlyViewers: chart("viewers", "viewers_max"),
    busiest: busiestHours(hours.map((h) => ({ hour: h.hour, rooms: h.rooms[key], viewers: h.viewers[key] }))),
  };
}

/** This year against the year before (daily averages) for one gender key. */
function yoyCharts(file: ActiveUserCountTrendsYoy, key: TrafficKey) {
  const chart = (metric: "rooms" | "viewers") => {
    const s = yoySeries(file.days, key, metric);
    const spec: ChartSpec = {
      times: s.times,
      timeUnit: "day",
      decimals: 1,
      series: [
        { label: "This year", values: s.thisYear },
        { label: "A year before", values: s.yearBefore },
      ],
    };
    return { spec, hasYearBefore: s.hasYearBefore };
  };
  const viewers = chart("viewers");
  const rooms = chart("rooms");
  return { yoyViewers: viewers.spec, yoyRooms: rooms.spec, hasYearBefore: viewers.hasYearBefore };
}

/** The 30 days of /api/recent_broadcaster_stats.json for one gender key. */
function broadcasterCharts(file: RecentBroadcasterStats, key: TrafficKey) {
  const days = [...file.days].sort((a, b) => (a.day < b.day ? -1 : 1));
  const times = days.map((d) => dayMs(d.day));
  return {
    // Apart: the new are a small share of all, a flat row of slivers on a shared axis.
    broadcasters: {
      times,
      timeUnit: "day",
      bars: true,
      integer: true,
      series: [{ label: "Broadcasters", values: days.map((d) => d.broadcasters[key]) }],
    } satisfies ChartSpec,
    newBroadcasters: {
      times,
      timeUnit: "day",
      bars: true,
      integer: true,
      series: [{ label: "New broadcasters", values: days.map((d) => d.new_broadcasters[key]) }],
    } satisfies ChartSpec,
    broadcastHours: {
      times,
      timeUnit: "day",
      bars: true,
      decimals: 1,
      series: [{ label: "Broadcast hours", values: days.map((d) => d.broadcast_hours[key]) }],
    } satisfies ChartSpec,
    avgPeakViewers: {
      times,
      timeUnit: "day",
      decimals: 1,
      series: [{ label: "Average peak viewers", values: days.map((d) => d.avg_peak_viewers[key]) }],
    } satisfies ChartSpec,
  };
}

/** Every chart of /traffic for one gender key, from the three published traffic files. */
export function trafficCharts(
  files: { active: ActiveUserCount; yoy: ActiveUserCountTrendsYoy; recent: RecentBroadcasterStats },
  key: TrafficKey,
): TrafficCharts {
  return {
    ...hourlyCharts(files.active, key),
    ...yoyCharts(files.yoy, key),
    ...broadcasterCharts(files.recent, key),
  };
}
