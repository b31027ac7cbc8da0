import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { connect } from "../src/db/connect.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
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
const { values } = parseArgs({ options: { "data-dir": { type: "string" } } });
const dataDir = values["data-dir"];
if (!dataDir) {
  console.error("usage: npx tsx bench/traffic.ts --data-dir DIR (an npm start data directory)");
  process.exit(2);
}

const server = await startEmbeddedPostgres({ dataDir, port: 0 });
const { db, close } = connect(server.urlFor("camstats"), { max: 1 });
const root = await mkdtemp(path.join(tmpdir(), "camstats-bench-traffic-"));
try {
  await migrateToLatest(db);
  const { rows } = await sql<{ day: string }>`
    SELECT to_char(d, 'YYYY-MM-DD') AS day
    FROM generate_series((SELECT MIN(observed_at) FROM polls)::date,
                         (SELECT MAX(observed_at) FROM polls)::date - 1, interval '1 day') AS d`.execute(db);
  const steps = { rollupTraffic, rollupBroadcasterDays };
  const times = { rollupTraffic: [] as number[], rollupBroadcasterDays: [] as number[] };
  const written = { rollupTraffic: 0, rollupBroadcasterDays: 0 };
  for (const { day } of rows) {
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
      `${name}: ${rows.length} days, ${written[name]} rows, total ${(total / 1000).toFixed(1)} s, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms a day`,
    );
  }
  const last = rows.at(-1)?.day;
  if (last) {
    for (const round of ["first", "again"]) {
      const started = performance.now();
      const files = await publishTraffic(
        { db, root, options: { excludedUsername: undefined, tagMinPerformers: 1, platformAbbr: "cs" } },
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
  await close();
  await server.stop();
  await rm(root, { recursive: true, force: true });
}
