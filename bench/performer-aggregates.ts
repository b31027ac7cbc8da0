import { sql } from "kysely";
import { activityCalendar } from "../src/db/queries/activity-calendar.ts";
import { dailyAggregates } from "../src/db/queries/daily-aggregates.ts";
import { hourlyStats } from "../src/db/queries/hourly-stats.ts";
import { monthlySummaries } from "../src/db/queries/monthly-summaries.ts";
import { yearlySummary } from "../src/db/queries/yearly-summary.ts";
import { rollupPerformerDays } from "../src/stats/performer-days.ts";
import { rollupPerformerHours } from "../src/stats/performer-hours.ts";

/**
 * `npx tsx bench/performer-aggregates.ts --data-dir DIR`: on an existing history (the data
 * directory of an `npm start`, stopped), rolls every complete day up into performer_days and
 * performer_hours, in order, timing the performer_hours rollup of each day; then times each
 * per-performer query for the performer with the most hours online (median of 21 runs).
 */
import { withHistory } from "./history-data.ts";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

await withHistory("bench/performer-aggregates.ts", async (db, days) => {
  const times: number[] = [];
  let rows = 0;
  for (const day of days) {
    await rollupPerformerDays(db, day);
    const started = performance.now();
    rows += await rollupPerformerHours(db, day);
    times.push(performance.now() - started);
  }
  const total = times.reduce((a, b) => a + b, 0);
  console.log(
    `performer_hours: ${days.length} days, ${rows} rows in ${(total / 1000).toFixed(1)} s, median ${median(times).toFixed(0)} ms a day, slowest ${Math.max(...times).toFixed(0)} ms`,
  );

  const { rows: busiest } = await sql<{ performer_id: number; hours: number }>`
    SELECT performer_id, COUNT(*)::integer AS hours FROM performer_hours
    GROUP BY performer_id ORDER BY hours DESC, performer_id LIMIT 1`.execute(db);
  const performer = busiest[0];
  const lastDay = days.at(-1);
  if (!performer || !lastDay) throw new Error("no history in the data directory");
  const year = Number(lastDay.slice(0, 4));
  const queries: Array<[string, () => Promise<unknown>]> = [
    ["dailyAggregates (54 weeks)", () => dailyAggregates(db, performer.performer_id, "2000-01-01", lastDay)],
    ["hourlyStats (54 weeks)", () => hourlyStats(db, performer.performer_id, lastDay, 54)],
    ["activityCalendar", () => activityCalendar(db, performer.performer_id, lastDay)],
    ["monthlySummaries", () => monthlySummaries(db, performer.performer_id, lastDay.slice(0, 7))],
    ["yearlySummary", () => yearlySummary(db, performer.performer_id, year)],
  ];
  console.log(`queries for performer ${performer.performer_id} (${performer.hours} hours online):`);
  for (const [name, run] of queries) {
    const runs: number[] = [];
    for (let i = 0; i < 21; i++) {
      const started = performance.now();
      await run();
      runs.push(performance.now() - started);
    }
    console.log(`  ${name}: median ${median(runs).toFixed(2)} ms`);
  }
});
