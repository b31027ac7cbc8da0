/**
 * What a backup holds (decision 0046), written last into the backup's directory as manifest.json:
 * a backup without one is unfinished. Each table's rows are in `db/{file}` (PostgreSQL's COPY text
 * format, gzip), the store's folders under `store/`, and the identity secret, when the site keeps
 * it in a file, in `auth-secret`.
 */
export const MANIFEST_FORMAT = 1;
export const MANIFEST_FILE = "manifest.json";
export const DATABASE_FOLDER = "db";
export const STORE_FOLDER = "store";
export const AUTH_SECRET_FILE = "auth-secret";

export interface TableCopy {
  name: string;
  /** The columns copied, in order (generated columns are left out: PostgreSQL computes them). */
  columns: string[];
  /** A partition: its parent and bound, so a restore can create it before filling it. */
  partitionOf?: { parent: string; bound: string };
  file: string;
  rows: number;
}

export interface SequenceValue {
  name: string;
  value: number;
  isCalled: boolean;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  /** The migrations the database had applied: a restore builds exactly this schema first. */
  migrations: string[];
  /** In an order that fills referenced tables before the tables that refer to them. */
  tables: TableCopy[];
  sequences: SequenceValue[];
  /** The store's families copied (their folders under store/: `images/lists`, `thumbs`, …; `images` before 2026-11-30). */
  store: string[];
  /** Whether `auth-secret` is in the backup (the site kept its identity secret in DATA_DIR). */
  authSecret: boolean;
}

export function parseManifest(text: string, where: string): Manifest {
  const manifest = JSON.parse(text) as Partial<Manifest>;
  if (manifest.format !== MANIFEST_FORMAT)
    throw new Error(`${where}: backup format ${String(manifest.format)}, this code reads ${MANIFEST_FORMAT}`);
  if (
    !Array.isArray(manifest.migrations) ||
    !Array.isArray(manifest.tables) ||
    !Array.isArray(manifest.sequences)
  )
    throw new Error(`${where}: not a camstats backup manifest`);
  return manifest as Manifest;
}
