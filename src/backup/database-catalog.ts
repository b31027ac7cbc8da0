import type pg from "pg";
import { fillOrder } from "./table-order.ts";

/** Kysely's own bookkeeping: a restore's migrations write it, so it is never copied. */
const MIGRATION_TABLES = ["kysely_migration", "kysely_migration_lock"];

export interface CatalogTable {
  name: string;
  columns: string[];
  partitionOf?: { parent: string; bound: string };
}

/**
 * The tables holding rows in the public schema (partitioned parents hold none: their partitions
 * are copied one by one), in fill order, and the sequences. Read inside the backup's transaction,
 * so it is the catalog of the same snapshot as the rows.
 */
export async function readCatalog(
  client: pg.ClientBase,
): Promise<{ tables: CatalogTable[]; sequences: string[] }> {
  const tables = await client.query<{
    name: string;
    parent: string | null;
    bound: string | null;
    columns: string[];
  }>(
    `SELECT c.relname AS name, p.relname AS parent, pg_get_expr(c.relpartbound, c.oid) AS bound,
            ARRAY(SELECT a.attname::text FROM pg_attribute a
                  WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
                  ORDER BY a.attnum) AS columns
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     LEFT JOIN pg_inherits i ON i.inhrelid = c.oid
     LEFT JOIN pg_class p ON p.oid = i.inhparent
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> ALL($1)`,
    [MIGRATION_TABLES],
  );
  const references = await client.query<{ from: string; to: string }>(
    `SELECT f.relname AS from, t.relname AS to
     FROM pg_constraint k
     JOIN pg_class f ON f.oid = k.conrelid
     JOIN pg_class t ON t.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = f.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const sequences = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const byName = new Map(tables.rows.map((t) => [t.name, t]));
  const order = fillOrder(
    tables.rows.map((t) => (t.parent ? { name: t.name, parent: t.parent } : { name: t.name })),
    references.rows,
  );
  return {
    tables: order.map((name) => {
      const t = byName.get(name) as (typeof tables.rows)[number];
      return {
        name,
        columns: t.columns,
        ...(t.parent && t.bound ? { partitionOf: { parent: t.parent, bound: t.bound } } : {}),
      };
    }),
    sequences: sequences.rows.map((s) => s.name),
  };
}

/** A table or column name quoted for SQL (the names come from the catalog, never from input). */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export const columnList = (columns: string[]) => columns.map(quoted).join(", ");
