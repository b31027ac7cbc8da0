import { parseArgs } from "node:util";
import { sql } from "kysely";
import { connect } from "../src/db/connect.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { rollupPerformerDays } from "../src/stats/performer-days.ts";

/**
 * `npm run bench:rollup -- --data-dir DIR`: rolls every complete day of an existing history (the
 * data directory of an `npm start`, stopped) up into performer_days, in order, and reports the time
 * of each day and of all of them. Build the history first:
 *   DATA_DIR=DIR COLLECT=false npm start   (stop it once the site listens)
 */
const { values } = parseArgs({ options: { "data-dir": { type: "string" } } });
const dataDir = values["data-dir"];
if (!dataDir) {
  console.error("usage: npm run bench:rollup -- --data-dir DIR (an npm start data directory)");
  process.exit(2);
}

const server = await startEmbeddedPostgres({ dataDir, port: 0 });
const { db, close } = connect(server.urlFor("camstats"), { max: 1 });
try {
  await migrateToLatest(db);
  const { rows } = await sql<{ day: string }>`
    SELECT to_char(d, 'YYYY-MM-DD') AS day
    FROM generate_series((SELECT MIN(observed_at) FROM polls)::date,
                         (SELECT MAX(observed_at) FROM polls)::date - 1, interval '1 day') AS d`.execute(db);
  const times: number[] = [];
  for (const { day } of rows) {
    const started = performance.now();
    const written = await rollupPerformerDays(db, day);
    const ms = performance.now() - started;
    times.push(ms);
    console.log(`${day}: ${written} performer days in ${ms.toFixed(0)} ms`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  console.log(
    `\n${rows.length} days: total ${(total / 1000).toFixed(1)} s, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms a day`,
  );
} finally {
  await close();
  await server.stop();
}
