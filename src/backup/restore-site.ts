import { copyFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { connect } from "../db/connect.ts";
import { restoreDatabase } from "./database-restore.ts";
import { AUTH_SECRET_FILE, MANIFEST_FILE, type Manifest, parseManifest, STORE_FOLDER } from "./manifest.ts";
import { openSiteDatabase, type SiteConfig } from "./site-database.ts";
import { copyFolderToStore, familiesOfBackup, holdsObjects, storeFamilies } from "./store-copy.ts";

async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new Error(`${dir} has no ${MANIFEST_FILE}: not a backup, or one that did not finish`);
    throw error;
  }
  return parseManifest(text, file);
}

/**
 * `npm run restore -- --from DIR`, with the site stopped, into an empty database and store: what
 * would be overwritten is checked first (the store, the secret's file, then the database), and
 * nothing is merged.
 */
export async function restoreSite(
  config: SiteConfig,
  from: string,
  log: (line: string) => void,
): Promise<Manifest> {
  const dir = path.resolve(from);
  const manifest = await readManifest(dir);
  const started = Date.now();
  const inBackup = familiesOfBackup(manifest.store);
  const families = storeFamilies(config).filter((f) => inBackup.has(f.name));
  for (const family of families)
    if (await holdsObjects(family.store))
      throw new Error(`${family.store.description} holds files: restore into an empty store`);
  const secretFile = path.join(config.DATA_DIR, "auth-secret");
  if (manifest.authSecret && (await readFile(secretFile).catch(() => null)) !== null)
    throw new Error(`${secretFile} exists: restore into a fresh DATA_DIR, or remove it`);

  const database = await openSiteDatabase(config, log);
  try {
    if (database.siteRunning)
      throw new Error(`a site is running on ${config.DATA_DIR}: stop it, and restore into a fresh DATA_DIR`);
    // connect(): its pool's clients carry the listeners that keep a lost connection from crashing
    // the command with an unhandled 'error' (the embedded server stops right after).
    const { db, pool, close } = connect(database.url, { max: 2, applicationName: "camstats-restore" });
    const client = await pool.connect();
    try {
      await restoreDatabase(db as unknown as Kysely<unknown>, client, dir, manifest, log);
    } finally {
      client.release();
      await close();
    }
  } finally {
    await database.close();
  }
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  log(`database: ${manifest.tables.length} tables, ${rows} rows (${Date.now() - started} ms)`);
  for (const family of families) {
    const files = await copyFolderToStore(path.join(dir, STORE_FOLDER, ...family.name.split("/")), family);
    log(`${family.name}: ${files} files into ${family.store.description}`);
  }
  if (manifest.authSecret) {
    await mkdir(config.DATA_DIR, { recursive: true });
    // copyFile keeps the source's mode: readable by this user only.
    await copyFile(path.join(dir, AUTH_SECRET_FILE), secretFile);
    if (config.AUTH_SECRET !== undefined)
      log(`AUTH_SECRET is set here: the site will use it, not the backup's secret (now in ${secretFile})`);
  } else if (config.AUTH_SECRET === undefined) {
    log(
      "the backup carries no auth-secret file: a fleet's secret came back with the database; a site that ran with AUTH_SECRET needs it set again",
    );
  }
  log(`restore done from ${dir} (${Date.now() - started} ms)`);
  return manifest;
}
