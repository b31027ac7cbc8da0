import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";

// int8 (ids, sums, counts) as JS numbers: every value we store stays far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
// date as the plain YYYY-MM-DD text, never shifted through a local-time Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;

export interface Connection {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connect(url: string, options: { max?: number; applicationName?: string } = {}): Connection {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? "camstats",
  });
  // An idle client losing its server (a restart) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // A client lent out (a transaction between two statements) has no listener of the pool's: a lost
  // connection must fail its next statement, not crash the process with an unhandled 'error'.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}

/** Creates the database named in `url` on its server if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
