import { parseArgs } from "node:util";
import { sql } from "kysely";
import { connect, type Db } from "../src/db/connect.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";

/**
 * What the benchmarks over an existing history share: `--data-dir DIR` (the data directory of an
 * `npm start`, stopped), its embedded PostgreSQL started and migrated, and the complete UTC days of
 * its polls, oldest first. Build the history first:
 *   DATA_DIR=DIR COLLECT=false npm start   (stop it once the site listens)
 */
export async function withHistory(
  script: string,
  run: (db: Db, days: string[]) => Promise<void>,
): Promise<void> {
  const { values } = parseArgs({ options: { "data-dir": { type: "string" } } });
  const dataDir = values["data-dir"];
  if (!dataDir) {
    console.error(`usage: npx tsx ${script} --data-dir DIR (an npm start data directory)`);
    process.exit(2);
  }
  const server = await startEmbeddedPostgres({ dataDir, port: 0 });
  const { db, close } = connect(server.urlFor("camstats"), { max: 1 });
  try {
    await migrateToLatest(db);
    const { rows } = await sql<{ day: string }>`
      SELECT to_char(d, 'YYYY-MM-DD') AS day
      FROM generate_series((SELECT MIN(observed_at) FROM polls)::date,
                           (SELECT MAX(observed_at) FROM polls)::date - 1, interval '1 day') AS d`.execute(
      db,
    );
    await run(
      db,
      rows.map((r) => r.day),
    );
  } finally {
    await close();
    await server.stop();
  }
}
