import type { Config } from "../config.ts";
import { ensureDatabase } from "../db/connect.ts";
import { embeddedUrl, runningServer, startEmbeddedPostgres } from "../db/embedded.ts";
import { DATABASE_NAME } from "../db/open.ts";

/** What a backup or a restore reads of the configuration: where the database, the store and the secret are. */
export type SiteConfig = Pick<
  Config,
  | "DATABASE_URL"
  | "DATA_DIR"
  | "EMBEDDED_PG_PORT"
  | "PUBLISH_DIR"
  | "AUTH_SECRET"
  | "STORAGE_URL"
  | "AWS_ACCESS_KEY_ID"
  | "AWS_SECRET_ACCESS_KEY"
>;

export interface SiteDatabase {
  url: string;
  /** Whether this is the running site's own database (the site is up). */
  siteRunning: boolean;
  close(): Promise<void>;
}

/**
 * The database `npm start` uses, as its configuration says, without migrating it: DATABASE_URL;
 * or the embedded server under DATA_DIR, joined while the site runs (two servers cannot share the
 * data directory), started here for the length of the command while it does not.
 */
export async function openSiteDatabase(
  config: Pick<Config, "DATABASE_URL" | "DATA_DIR" | "EMBEDDED_PG_PORT">,
  log: (line: string) => void,
): Promise<SiteDatabase> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, siteRunning: false, close: async () => {} };
  const running = await runningServer(config.DATA_DIR);
  if (running?.owned) {
    log(`the site is running: joining its PostgreSQL (pid ${running.pid}, port ${running.port})`);
    return { url: embeddedUrl(running.port, DATABASE_NAME), siteRunning: true, close: async () => {} };
  }
  const server = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
  await ensureDatabase(server.adminUrl, DATABASE_NAME);
  log(`started the embedded PostgreSQL in ${config.DATA_DIR} for this command`);
  return { url: server.urlFor(DATABASE_NAME), siteRunning: false, close: server.stop };
}
