import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { columnList, quoted, readCatalog } from "./database-catalog.ts";
import { DATABASE_FOLDER, type Manifest, type SequenceValue, type TableCopy } from "./manifest.ts";

/**
 * Every table's rows as of one moment, while the site runs: one REPEATABLE READ, READ ONLY
 * transaction sees a single snapshot for all its statements, and each table streams through COPY
 * and gzip to its own file, never held in memory. Every table is locked ACCESS SHARE first (as
 * pg_dump does): writers go on, but nothing drops a table (an old snapshot partition) mid-backup.
 */
export async function backupDatabase(
  client: pg.ClientBase,
  dir: string,
  progress: (line: string) => void,
): Promise<Pick<Manifest, "migrations" | "tables" | "sequences">> {
  await mkdir(path.join(dir, DATABASE_FOLDER), { recursive: true, mode: 0o700 });
  await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
  try {
    const catalog = await readCatalog(client);
    if (catalog.tables.length > 0)
      await client.query(
        `LOCK TABLE ${catalog.tables.map((t) => quoted(t.name)).join(", ")} IN ACCESS SHARE MODE`,
      );
    const migrations = (
      await client.query<{ name: string }>("SELECT name FROM kysely_migration ORDER BY name")
    ).rows.map((r) => r.name);
    const tables: TableCopy[] = [];
    for (const [i, table] of catalog.tables.entries()) {
      const file = `${String(i).padStart(4, "0")}-${table.name}.copy.gz`;
      const stream = client.query(
        copyTo(`COPY ${quoted(table.name)} (${columnList(table.columns)}) TO STDOUT`),
      );
      await pipeline(
        stream,
        createGzip(),
        createWriteStream(path.join(dir, DATABASE_FOLDER, file), { mode: 0o600 }),
      );
      tables.push({ ...table, file, rows: stream.rowCount });
      if (stream.rowCount > 0) progress(`${table.name}: ${stream.rowCount} rows`);
    }
    // A sequence's value is read outside the snapshot (sequences are not transactional): at least
    // as high as any value the copied rows hold, which is all a restore needs.
    const sequences: SequenceValue[] = [];
    for (const name of catalog.sequences) {
      const { rows } = await client.query<{ value: string; is_called: boolean }>(
        `SELECT last_value::text AS value, is_called FROM ${quoted(name)}`,
      );
      const row = rows[0];
      if (row) sequences.push({ name, value: Number(row.value), isCalled: row.is_called });
    }
    await client.query("COMMIT");
    return { migrations, tables, sequences };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}
