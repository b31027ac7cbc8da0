import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { dropSnapshotPartitionsBefore, ensureSnapshotPartitions, PartitionCache } from "./partitions.ts";

const DAY = 86_400_000;
const D1 = Date.UTC(2026, 10, 18);

describe("snapshot partitions", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  const partitions = async () =>
    (
      await sql<{ name: string }>`
        SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'snapshots'::regclass ORDER BY 1`.execute(t.db)
    ).rows.map((r) => r.name);

  it("makes one partition per UTC day, idempotently", async () => {
    await ensureSnapshotPartitions(t.db, D1 + 3600_000, D1 + 2 * DAY + 60_000);
    await ensureSnapshotPartitions(t.db, D1, D1 + DAY);
    await new PartitionCache().ensure(t.db, D1 + 2 * DAY + 5);
    expect(await partitions()).toEqual(["snapshots_20261118", "snapshots_20261119", "snapshots_20261120"]);
  });

  it("routes a row to its day, and refuses a day without a partition", async () => {
    const insert = (at: number) =>
      sql`INSERT INTO snapshots (performer_id, observed_at, poll_id, show) VALUES (1, ${new Date(at)}, 1, 1)`.execute(
        t.db,
      );
    await insert(D1 + DAY - 1);
    await insert(D1 + DAY);
    const { rows } = await sql<{ part: string }>`
      SELECT tableoid::regclass::text AS part FROM snapshots ORDER BY observed_at`.execute(t.db);
    expect(rows.map((r) => r.part)).toEqual(["snapshots_20261118", "snapshots_20261119"]);
    await expect(insert(D1 + 5 * DAY)).rejects.toThrow(/no partition/);
  });

  it("drops whole days older than a day, and nothing else", async () => {
    expect(await dropSnapshotPartitionsBefore(t.db, D1 + DAY + 3600_000)).toEqual(["snapshots_20261118"]);
    expect(await partitions()).toEqual(["snapshots_20261119", "snapshots_20261120"]);
    const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM snapshots`.execute(t.db);
    expect(rows[0]?.n).toBe(1);
  });
});
