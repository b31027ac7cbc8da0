import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";
import { type Connection, connect, ensureDatabase } from "./connect.ts";
import { startEmbeddedPostgres } from "./embedded.ts";
import { migrateToLatest } from "./migrate.ts";

/** The embedded server's database (an external one is whatever DATABASE_URL names). */
export const DATABASE_NAME = "camstats";

export interface OpenDatabase extends Connection {
  /** Where it is: the server processes of `npm start` connect to the same database. */
  url: string;
}

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL with its data under DATA_DIR.
 * Migrations apply on every start (a no-op when up to date).
 */
export async function openDatabase(config: Config, log: Logger): Promise<OpenDatabase> {
  let url = config.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const started = Date.now();
    const server = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
      log: (line) => log.debug({ postgres: line }),
    });
    await ensureDatabase(server.adminUrl, DATABASE_NAME);
    url = server.urlFor(DATABASE_NAME);
    stopEmbedded = server.stop;
    log.info(
      `embedded PostgreSQL on port ${server.port}, data in ${config.DATA_DIR} (${Date.now() - started} ms)`,
    );
  }
  const connection = connect(url, { max: 10 });
  const close = async () => {
    await connection.close();
    await stopEmbedded?.();
  };
  try {
    const applied = await migrateToLatest(connection.db);
    if (applied.length > 0) log.info(`applied migrations: ${applied.join(", ")}`);
  } catch (error) {
    // Nobody owns the server yet: stop it here rather than leave it running.
    await close();
    throw error;
  }
  return { ...connection, close, url };
}
