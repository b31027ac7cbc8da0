import type { MonthlySummary } from "../../../db/queries/monthly-summaries.ts";
import type { ChartSpec } from "../../components/charts/chart-spec.ts";

/** A month's first instant in ms (UTC): the charts' time axis. */
export function monthTime(month: string): number {
  return Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);
}

/**
 * The four charts of the monthly summary, one measure each (their scales differ: minutes run to
 * thousands where streams stay in tens, followers to millions where their gain is thousands):
 * time online and streams as bars; followers and their gain as lines.
 */
export function monthlyCharts(months: readonly MonthlySummary[]): {
  minutes: ChartSpec;
  streams: ChartSpec;
  followers: ChartSpec;
  gain: ChartSpec;
} {
  const times = months.map((m) => monthTime(m.month));
  const chart = (label: string, values: (number | null)[], bars: boolean): ChartSpec => ({
    times,
    timeUnit: "month",
    ...(bars ? { bars: true } : {}),
    series: [{ label, values }],
  });
  return {
    minutes: chart(
      "Minutes online",
      months.map((m) => m.minutesOnline),
      true,
    ),
    streams: {
      ...chart(
        "Streams",
        months.map((m) => m.streams),
        true,
      ),
      integer: true,
    },
    followers: chart(
      "Followers",
      months.map((m) => m.followers),
      false,
    ),
    gain: chart(
      "Follower gain",
      months.map((m) => m.followerGain),
      false,
    ),
  };
}
