import { rollupPerformerDays } from "../src/stats/performer-days.ts";
import { withHistory } from "./history-data.ts";

/**
 * `npm run bench:rollup -- --data-dir DIR`: rolls every complete day of an existing history (the
 * data directory of an `npm start`, stopped) up into performer_days, in order, and reports the time
 * of each day and of all of them. Build the history first:
 *   DATA_DIR=DIR COLLECT=false npm start   (stop it once the site listens)
 */
await withHistory("bench/rollup.ts", async (db, days) => {
  const times: number[] = [];
  for (const day of days) {
    const started = performance.now();
    const written = await rollupPerformerDays(db, day);
    const ms = performance.now() - started;
    times.push(ms);
    console.log(`${day}: ${written} performer days in ${ms.toFixed(0)} ms`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  console.log(
    `\n${days.length} days: total ${(total / 1000).toFixed(1)} s, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms a day`,
  );
});
