import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { insertBio, insertPerformer } from "../../tests/helpers/fixtures.ts";
import { createSearchService, type SearchService } from "./search-service.ts";

/**
 * The summaries search keeps no text in memory (decision 0036): an answer reads the texts it shows
 * from their tables, by key. Each kind of text must come back from its own table (a suggestion's
 * and a quote's keys are not their performer's id), as it is when asked.
 */

const NOW = Date.parse("2026-11-20T20:00:00Z");

describe("the summaries search reads the texts it shows", () => {
  let t: TestDatabase;
  let search: SearchService;
  let quoteId: number;

  beforeAll(async () => {
    t = await createTestDatabase();
    const ann = await insertPerformer(t.db, { username: "ann", followers: 300 });
    await insertPerformer(t.db, { username: "bob", gender: "m", followers: 200 });
    const cara = await insertPerformer(t.db, { username: "cara", gender: "c", followers: 100 });
    await insertBio(t.db, ann, "  Salsa\n\n and   dancing  every night ");
    // Rows first written and deleted, so no suggestion's or quote's key is a performer's id.
    await sql`
      INSERT INTO summary_suggestions (username, summary) SELECT 'x' || i, 'x' FROM generate_series(1, 10) i`.execute(
      t.db,
    );
    await sql`DELETE FROM summary_suggestions`.execute(t.db);
    await sql`
      INSERT INTO summary_suggestions (username, summary, status, reviewed_at)
      VALUES ('bob', 'A dancer at heart', 'approved', now())`.execute(t.db);
    await sql`INSERT INTO fan_quotes (performer_id, quote, status) SELECT ${ann}, 'x', 'approved' FROM generate_series(1, 20)`.execute(
      t.db,
    );
    await sql`DELETE FROM fan_quotes`.execute(t.db);
    const { rows } = await sql<{ quote_id: number }>`
      INSERT INTO fan_quotes (performer_id, quote, status) VALUES (${cara}, 'Best dance show', 'approved') RETURNING quote_id`.execute(
      t.db,
    );
    quoteId = (rows[0] as { quote_id: number }).quote_id;
    search = createSearchService(t.db, { now: () => NOW });
    await search.ready();
  });
  afterAll(async () => {
    search?.close();
    await t.drop();
  });

  it("finds each text in its own table, whitespace collapsed", async () => {
    expect(await search.summaries("danc", null)).toEqual({
      resultCount: 3,
      results: [
        { enrichedName: "ann-f--F-323", matchText: "Salsa and dancing every night", kind: "summary" },
        { enrichedName: "bob-m--F-323", matchText: "A dancer at heart", kind: "summary" },
        { enrichedName: "cara-c--F-323", matchText: "Best dance show", kind: "fan_quote" },
      ],
    });
  });

  it("shows a text as it is now, and leaves out one gone since the index was built", async () => {
    await sql`UPDATE performer_bios SET about_me = 'Now mostly tango dancing'`.execute(t.db);
    await sql`DELETE FROM fan_quotes WHERE quote_id = ${quoteId}`.execute(t.db);
    const { resultCount, results } = await search.summaries("danc", null);
    // The count is the index's until its next rebuild; the results are what can still be shown.
    expect(resultCount).toBe(3);
    expect(results.map((r) => r.matchText)).toEqual(["Now mostly tango dancing", "A dancer at heart"]);
  });
});
