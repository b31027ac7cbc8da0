import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { insertPerformer } from "../../tests/helpers/fixtures.ts";
import { decideItems, hideQuote, type Reviewer, undoDecision } from "../db/queries/moderation.ts";
import type { ModelQuery } from "./model-query.ts";
import { createSearchService, type SearchService } from "./search-service.ts";

/**
 * Issue 30, point 2: an approval reaches the search within a minute, not at the next five-minute
 * reload. An approved tag is in the tag filter and the tag list; an approved summary or fan quote
 * in the summaries search; an undo or a hidden quote leaves them again. Here every request looks
 * for decisions (moderationCheckSeconds 0) and the reloads are far apart (reloadSeconds 3600), so
 * only the decisions can bring the changes.
 */

const byTag = (tag: string): ModelQuery => ({
  offset: 0,
  orderBy: "name",
  sortOrder: "asc",
  terms: [],
  liveOnly: false,
  gender: null,
  tags: [tag],
  requireAllTags: false,
  age: null,
  followers: null,
  viewers: null,
});

describe("the search follows moderation decisions", () => {
  let t: TestDatabase;
  let search: SearchService;
  let reviewer: Reviewer;
  let ann = 0;

  beforeAll(async () => {
    t = await createTestDatabase();
    ann = await insertPerformer(t.db, { username: "ann", tags: ["cute"] });
    await insertPerformer(t.db, { username: "bob", tags: ["cute"] });
    const { rows } = await sql<{ id: string }>`
      INSERT INTO users (email, email_verified) VALUES ('mod@example.com', true) RETURNING id`.execute(t.db);
    reviewer = { userId: rows[0]?.id ?? "", performerIds: null };
    search = createSearchService(t.db, { moderationCheckSeconds: 0, reloadSeconds: 3600 });
    await search.ready();
  });
  afterAll(async () => {
    search?.close();
    await t?.drop();
  });

  const names = async (tag: string) =>
    (JSON.parse(await search.modelsJson(byTag(tag))) as { results: { name: string }[] }).results.map(
      (r) => r.name,
    );
  const texts = async (term: string) => (await search.summaries(term, null)).results.map((r) => r.matchText);
  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

  it("finds an approved tag in the tag filter and the tag list, and loses it on undo", async () => {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO tag_suggestions (username, tag) VALUES ('ann', 'juggling') RETURNING id::float8 AS id`.execute(
      t.db,
    );
    const id = rows[0]?.id ?? 0;
    expect(await names("juggling")).toEqual([]);
    await decideItems(t.db, [{ kind: "tag", id }], "approved", reviewer);
    await eventually(async () => expect(await names("juggling")).toEqual(["ann"]));
    expect(await search.popularTags(10)).toContain("juggling");
    await undoDecision(t.db, { kind: "tag", id }, reviewer);
    await eventually(async () => expect(await names("juggling")).toEqual([]));
  });

  it("finds an approved summary and fan quote; never a pending one; loses a hidden quote", async () => {
    const { rows: s } = await sql<{ id: number }>`
      INSERT INTO summary_suggestions (username, summary) VALUES ('bob', 'Plays the theremin live')
      RETURNING id::float8 AS id`.execute(t.db);
    const { rows: q } = await sql<{ id: number }>`
      INSERT INTO fan_quotes (performer_id, user_id, quote) VALUES (${ann}, ${reviewer.userId}, 'Theremin solos every night')
      RETURNING quote_id::float8 AS id`.execute(t.db);
    const summary = s[0]?.id ?? 0;
    const quote = q[0]?.id ?? 0;
    // A pending text changes nothing: give the looks a chance, then check.
    await texts("theremin");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await texts("theremin")).toEqual([]);
    await decideItems(
      t.db,
      [
        { kind: "summary", id: summary },
        { kind: "quote", id: quote },
      ],
      "approved",
      reviewer,
    );
    await eventually(async () =>
      expect((await texts("theremin")).sort()).toEqual([
        "Plays the theremin live",
        "Theremin solos every night",
      ]),
    );
    await hideQuote(t.db, quote, reviewer);
    await eventually(async () => expect(await texts("theremin")).toEqual(["Plays the theremin live"]));
  });
});
