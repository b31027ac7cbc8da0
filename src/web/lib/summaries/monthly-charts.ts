import type { MonthlySummary } from "../../../stats/queries/monthly-summaries.ts";
import type { ChartSpec } from "../../components/charts/chart-spec.ts";

/** A month's first instant in ms (UTC): the charts' time axis. */
export function monthTime(month: string): number {
  return Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);
}

/** The two charts of the monthly summary: time online and streams as bars; followers and their gain as lines. */
export function monthlyCharts(months: readonly MonthlySummary[]): {
  activity: ChartSpec;
  followers: ChartSpec;
} {
  const times = months.map((m) => monthTime(m.month));
  return {
    activity: {
      times,
      timeUnit: "month",
      bars: true,
      series: [
        { label: "Minutes online", values: months.map((m) => m.minutesOnline) },
        { label: "Streams", values: months.map((m) => m.streams) },
      ],
    },
    followers: {
      times,
      timeUnit: "month",
      series: [
        { label: "Followers", values: months.map((m) => m.followers) },
        { label: "Follower gain", values: months.map((m) => m.followerGain) },
      ],
    },
  };
}
