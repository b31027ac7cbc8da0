import { sql } from "kysely";
import type { Db } from "../connect.ts";

const DAY_MS = 86_400_000;

export function partitionName(dayStartMs: number): string {
  return `snapshots_${new Date(dayStartMs).toISOString().slice(0, 10).replaceAll("-", "")}`;
}

/**
 * Creates the daily snapshot partitions covering [fromMs, toMs]. Idempotent; the names come from
 * dates we compute, never from input. Callers cache which days exist (see PartitionCache).
 */
export async function ensureSnapshotPartitions(db: Db, fromMs: number, toMs: number): Promise<string[]> {
  const created: string[] = [];
  for (let day = Math.floor(fromMs / DAY_MS) * DAY_MS; day <= toMs; day += DAY_MS) {
    const name = partitionName(day);
    const from = new Date(day).toISOString();
    const to = new Date(day + DAY_MS).toISOString();
    await sql`
      CREATE TABLE IF NOT EXISTS ${sql.table(name)} PARTITION OF snapshots
      FOR VALUES FROM (${sql.lit(from)}) TO (${sql.lit(to)})`.execute(db);
    created.push(name);
  }
  return created;
}

/** Drops whole days of snapshots older than the given day (retention). Returns the dropped names. */
export async function dropSnapshotPartitionsBefore(db: Db, beforeMs: number): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'snapshots'::regclass ORDER BY c.relname`.execute(db);
  const cutoff = partitionName(Math.floor(beforeMs / DAY_MS) * DAY_MS);
  const dropped = rows.map((r) => r.name).filter((name) => /^snapshots_\d{8}$/.test(name) && name < cutoff);
  for (const name of dropped) await sql`DROP TABLE ${sql.table(name)}`.execute(db);
  return dropped;
}

/** Remembers the days whose partition exists, so a poll costs no DDL after the day's first. */
export class PartitionCache {
  private readonly days = new Set<number>();
  async ensure(db: Db, atMs: number): Promise<void> {
    const day = Math.floor(atMs / DAY_MS) * DAY_MS;
    if (this.days.has(day)) return;
    await ensureSnapshotPartitions(db, day, day);
    this.days.add(day);
  }
}
