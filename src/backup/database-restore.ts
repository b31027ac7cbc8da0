import { createReadStream } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import type { Kysely } from "kysely";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { migrateToThese } from "../db/migrate.ts";
import { columnList, quoted } from "./database-catalog.ts";
import { DATABASE_FOLDER, type Manifest } from "./manifest.ts";

/**
 * Refuses a database that holds rows, or migrations the backup lacks: a restore fills an empty
 * database, it never merges. (A database left migrated but empty by a failed restore is taken.)
 */
async function assertEmpty(client: pg.ClientBase, manifest: Manifest): Promise<void> {
  const applied = await client
    .query<{ name: string }>("SELECT name FROM kysely_migration ORDER BY name")
    .catch(() => ({ rows: [] as { name: string }[] }));
  const extra = applied.rows.map((r) => r.name).filter((name) => !manifest.migrations.includes(name));
  if (extra.length > 0)
    throw new Error(
      `the database has migrations the backup lacks (${extra.join(", ")}): restore into an empty database`,
    );
  const tables = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname NOT LIKE 'kysely_migration%'`,
  );
  for (const { name } of tables.rows) {
    const { rows } = await client.query(`SELECT 1 FROM ${quoted(name)} LIMIT 1`);
    if (rows.length > 0)
      throw new Error(`the database is not empty (table ${name} has rows): restore into an empty database`);
  }
}

/**
 * The backup's schema (its migrations), then every table's rows in one transaction, in the
 * manifest's order (referenced tables first), with the tables' own triggers off while they fill
 * (the rows already hold what the triggers would add), then the sequences.
 */
export async function restoreDatabase(
  db: Kysely<unknown>,
  client: pg.ClientBase,
  dir: string,
  manifest: Manifest,
  progress: (line: string) => void,
): Promise<void> {
  await assertEmpty(client, manifest);
  await migrateToThese(db, manifest.migrations);
  await client.query("BEGIN");
  try {
    for (const table of manifest.tables) {
      if (table.partitionOf)
        await client.query(
          `CREATE TABLE IF NOT EXISTS ${quoted(table.name)} PARTITION OF ${quoted(table.partitionOf.parent)} ${table.partitionOf.bound}`,
        );
      await client.query(`ALTER TABLE ${quoted(table.name)} DISABLE TRIGGER USER`);
      const stream = client.query(
        copyFrom(`COPY ${quoted(table.name)} (${columnList(table.columns)}) FROM STDIN`),
      );
      await pipeline(createReadStream(path.join(dir, DATABASE_FOLDER, table.file)), createGunzip(), stream);
      await client.query(`ALTER TABLE ${quoted(table.name)} ENABLE TRIGGER USER`);
      if (stream.rowCount !== table.rows)
        throw new Error(`${table.file}: ${stream.rowCount} rows read, the manifest says ${table.rows}`);
      if (table.rows > 0) progress(`${table.name}: ${table.rows} rows`);
    }
    for (const sequence of manifest.sequences)
      await client.query("SELECT setval($1::regclass, $2, $3)", [
        quoted(sequence.name),
        sequence.value,
        sequence.isCalled,
      ]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}
