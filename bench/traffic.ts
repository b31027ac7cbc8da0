import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { publishTraffic } from "../src/publish/traffic-files.ts";
import { rollupBroadcasterDays } from "../src/stats/broadcaster-days.ts";
import { rollupPerformerDays } from "../src/stats/performer-days.ts";
import { rollupTraffic } from "../src/stats/traffic.ts";

/**
 * `npx tsx bench/traffic.ts --data-dir DIR`: rolls every complete day of an existing history (the
 * data directory of an `npm start`, stopped) up into performer_days and the traffic tables, in
 * order, then publishes the traffic files as of the last day, reporting the time of each step.
 * Build the history first:  DATA_DIR=DIR COLLECT=false npm start   (stop it once the site listens)
 */
import { withHistory } from "./history-data.ts";

await withHistory("bench/traffic.ts", async (db, days) => {
  const root = await mkdtemp(path.join(tmpdir(), "camstats-bench-traffic-"));
  try {
    const steps = { rollupTraffic, rollupBroadcasterDays };
    const times = { rollupTraffic: [] as number[], rollupBroadcasterDays: [] as number[] };
    const written = { rollupTraffic: 0, rollupBroadcasterDays: 0 };
    for (const day of days) {
      await rollupPerformerDays(db, day);
      for (const [name, rollup] of Object.entries(steps) as [
        keyof typeof steps,
        (typeof steps)[keyof typeof steps],
      ][]) {
        const started = performance.now();
        written[name] += await rollup(db, day);
        times[name].push(performance.now() - started);
      }
    }
    for (const name of Object.keys(steps) as (keyof typeof steps)[]) {
      const sorted = [...times[name]].sort((a, b) => a - b);
      const total = sorted.reduce((a, b) => a + b, 0);
      console.log(
        `${name}: ${days.length} days, ${written[name]} rows, total ${(total / 1000).toFixed(1)} s, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms a day`,
      );
    }
    const last = days.at(-1);
    if (last) {
      for (const round of ["first", "again"]) {
        const started = performance.now();
        const files = await publishTraffic(
          { db, root, options: { excludedUsername: undefined, tagMinPerformers: 1 } },
          last,
        );
        const sizes = files
          .map((f) => `${f.urlPath} ${f.bytes} B${f.changed ? "" : " (unchanged)"}`)
          .join(", ");
        console.log(
          `publishTraffic as of ${last} (${round}): ${(performance.now() - started).toFixed(0)} ms: ${sizes}`,
        );
      }
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
