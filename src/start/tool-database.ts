import type { Config } from "../config.ts";
import { connect } from "../db/connect.ts";
import { embeddedUrl, runningServer } from "../db/embedded.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { type OpenDatabase, openDatabase } from "../db/open.ts";
import type { Logger } from "../log.ts";

/**
 * The database for a command-line tool (rebuild): when `npm start` is running on the same DATA_DIR,
 * its embedded PostgreSQL is joined (two servers cannot share a data directory, and stopping the
 * site's would take the site down); otherwise it is opened as `npm start` opens it.
 */
export async function openToolDatabase(config: Config, log: Logger): Promise<OpenDatabase> {
  if (!config.DATABASE_URL) {
    const running = await runningServer(config.DATA_DIR);
    if (running?.owned) {
      log.info(`joining the running site's PostgreSQL (pid ${running.pid}, port ${running.port})`);
      const url = embeddedUrl(running.port, "camstats");
      const connection = connect(url, { max: 4 });
      await migrateToLatest(connection.db);
      return { ...connection, url };
    }
  }
  return openDatabase(config, log);
}
