import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { migrateToLatest } from "./migrate.ts";

describe("migrations", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it("creates every table of the collected history", async () => {
    const { rows } = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_name NOT LIKE 'kysely%' ORDER BY table_name`.execute(t.db);
    expect(rows.map((r) => r.table_name)).toEqual([
      "auth_accounts",
      "auth_jwks",
      "auth_known_addresses",
      "auth_rate_counters",
      "auth_refresh_tokens",
      "auth_sessions",
      "auth_used_links",
      "auth_verifications",
      "bingo_cards",
      "bio_fetch_failures",
      "broadcaster_days",
      "fan_quotes",
      "go_live_events",
      "list_digest_sent",
      "list_performers",
      "list_watches",
      "lists",
      "live_alerts",
      "location_days",
      "mail_log",
      "moderation_decisions",
      "moderation_sessions",
      "optout_codes",
      "optouts",
      "performer_bios",
      "performer_claims",
      "performer_days",
      "performer_hours",
      "performer_owners",
      "performer_peaks",
      "performer_profiles",
      "performer_thumbs",
      "performers",
      "polls",
      "rollup_days",
      "site_secrets",
      "snapshots",
      "stream_sessions",
      "subject_goal_items",
      "subject_goals",
      "summary_suggestions",
      "tag_days",
      "tag_suggestions",
      "tag_traffic_hours",
      "traffic_hours",
      "users",
    ]);
  });

  it("partitions snapshots by range of observed_at", async () => {
    const { rows } = await sql<{ strategy: string; column: string }>`
      SELECT p.partstrat AS strategy, a.attname AS column
      FROM pg_partitioned_table p
      JOIN pg_class c ON c.oid = p.partrelid
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = p.partattrs[0]
      WHERE c.relname = 'snapshots'`.execute(t.db);
    expect(rows).toEqual([{ strategy: "r", column: "observed_at" }]);
  });

  it("keeps performer_id in the primary key of every performer-keyed table", async () => {
    const { rows } = await sql<{ table: string; columns: string[] }>`
      SELECT c.relname AS table, array_agg(a.attname::text ORDER BY a.attname) AS columns
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indrelid
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY(i.indkey)
      WHERE i.indisprimary AND c.relname IN ('bio_fetch_failures', 'optout_codes', 'performer_bios', 'performer_claims', 'performer_days', 'performer_hours', 'performer_owners', 'performer_peaks', 'performer_profiles', 'performer_thumbs', 'performers', 'snapshots', 'stream_sessions', 'subject_goals')
      GROUP BY c.relname ORDER BY c.relname`.execute(t.db);
    for (const row of rows) expect(row.columns).toContain("performer_id");
    expect(rows.map((r) => r.table)).toEqual([
      "bio_fetch_failures",
      "optout_codes",
      "performer_bios",
      "performer_claims",
      "performer_days",
      "performer_hours",
      "performer_owners",
      "performer_peaks",
      "performer_profiles",
      "performer_thumbs",
      "performers",
      "snapshots",
      "stream_sessions",
      "subject_goals",
    ]);
  });

  it("applies nothing on a second run", async () => {
    expect(await migrateToLatest(t.db)).toEqual([]);
  });
});
