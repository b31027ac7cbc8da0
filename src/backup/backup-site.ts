import { copyFile, mkdir, readdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { backupDatabase } from "./database-backup.ts";
import { AUTH_SECRET_FILE, MANIFEST_FILE, MANIFEST_FORMAT, type Manifest, STORE_FOLDER } from "./manifest.ts";
import { openSiteDatabase, type SiteConfig } from "./site-database.ts";
import { copyStoreToFolder, storeFamilies } from "./store-copy.ts";

async function assertFreshTarget(dir: string): Promise<void> {
  try {
    if ((await readdir(dir)).length > 0)
      throw new Error(`${dir} is not empty: give --to a new or empty folder`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/**
 * `npm run backup -- --to DIR`: the database as of one moment, then the store's families (from the
 * directory or the bucket STORAGE_URL names), then the
 * identity secret's file, then the manifest (last: a folder without one is an unfinished backup).
 * The site may run meanwhile. The folder holds the site's secrets: it is made readable by this
 * user only.
 */
export async function backupSite(
  config: SiteConfig,
  to: string,
  log: (line: string) => void,
): Promise<Manifest> {
  const dir = path.resolve(to);
  await assertFreshTarget(dir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const started = Date.now();
  const database = await openSiteDatabase(config, log);
  let copied: Awaited<ReturnType<typeof backupDatabase>>;
  try {
    const client = new pg.Client({ connectionString: database.url, application_name: "camstats-backup" });
    // A lost connection fails the next statement, which the backup reports; not an unhandled 'error'.
    client.on("error", () => {});
    await client.connect();
    try {
      copied = await backupDatabase(client, dir, log);
    } finally {
      await client.end();
    }
  } finally {
    await database.close();
  }
  const rows = copied.tables.reduce((sum, t) => sum + t.rows, 0);
  log(`database: ${copied.tables.length} tables, ${rows} rows (${Date.now() - started} ms)`);
  const store: string[] = [];
  for (const family of storeFamilies(config)) {
    const files = await copyStoreToFolder(
      family.store,
      path.join(dir, STORE_FOLDER, ...family.name.split("/")),
    );
    if (files > 0) store.push(family.name);
    log(`${family.name}: ${files} files from ${family.store.description}`);
  }
  let authSecret = false;
  if (config.AUTH_SECRET === undefined) {
    try {
      await copyFile(path.join(config.DATA_DIR, "auth-secret"), path.join(dir, AUTH_SECRET_FILE));
      authSecret = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  } else {
    log("AUTH_SECRET is set: it is not in the backup; keep it with the backup, a restored site needs it");
  }
  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    createdAt: new Date().toISOString(),
    ...copied,
    store,
    authSecret,
  };
  const file = path.join(dir, MANIFEST_FILE);
  await writeFile(`${file}.tmp`, `${JSON.stringify(manifest, null, 1)}\n`, { mode: 0o600 });
  await rename(`${file}.tmp`, file);
  log(`backup done in ${dir} (${Date.now() - started} ms)`);
  return manifest;
}
