import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, testApp } from "../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../tests/helpers/fixtures.ts";
import * as suggestionsOnce from "../../db/migrations/0026-suggestions-once.ts";
import { OPTOUT_CODE_PATTERN } from "../../profiles/optout-code-rules.ts";
import { MAX_PENDING_SUMMARIES, MAX_PENDING_TAGS, summariesFull, tagsFull } from "./suggestions.ts";

describe("suggestions and opt-outs", () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestDatabase();
    for (const username of ["ann", "bo", "cy"]) await insertPerformer(t.db, { username });
    app = testApp(t.db);
  });
  afterAll(async () => {
    await app?.close();
    await t.drop();
  });

  const post = (url: string, payload: unknown) => apiPost(app, url, payload);

  it("keeps a tag suggestion once, pending review", async () => {
    expect(await post("/v1/tag_suggestion", { performer: "Ann", suggested_tag: "#Cosplay" })).toEqual({
      status: 202,
      body: { performer: "ann", tag: "cosplay", status: "pending" },
    });
    await sql`UPDATE tag_suggestions SET status = 'approved', reviewed_at = now()`.execute(t.db);
    // A repeat is answered as the first was: nobody learns what others suggested or how it was reviewed.
    expect(await post("/v1/tag_suggestion", { performer: "ann", suggested_tag: "COSPLAY" })).toEqual({
      status: 202,
      body: { performer: "ann", tag: "cosplay", status: "pending" },
    });
    // A full-width spelling is the same tag (NFKC).
    expect(
      (await post("/v1/tag_suggestion", { performer: "ann", suggested_tag: "ＣＯＳＰＬＡＹ" })).body.tag,
    ).toBe("cosplay");
    const { rows } = await sql`SELECT username, tag, status FROM tag_suggestions`.execute(t.db);
    expect(rows).toEqual([{ username: "ann", tag: "cosplay", status: "approved" }]);
  });

  it("keeps a summary suggestion for review, its whitespace tidied", async () => {
    expect(
      await post("/v1/summary_suggestion", {
        performer: "ann",
        suggested_summary: "  Loves\tcosplay\n and  chess ",
      }),
    ).toEqual({
      status: 202,
      body: { performer: "ann", status: "pending" },
    });
    const { rows } = await sql`SELECT summary, status FROM summary_suggestions`.execute(t.db);
    expect(rows).toEqual([{ summary: "Loves cosplay and chess", status: "pending" }]);
  });

  it("keeps the same pending summary once, whatever its case, spacing or Unicode form", async () => {
    const text = "Plays chess live and talks about openings. ".repeat(45).trim();
    expect(text.length).toBeGreaterThan(1900);
    const spellings = [
      text,
      `  ${text.toUpperCase()}\n`,
      text.replaceAll(" ", "\t "),
      text.replace("P", "Ｐ"),
    ];
    const answers = [];
    for (const suggested_summary of spellings)
      answers.push(await post("/v1/summary_suggestion", { performer: "bo", suggested_summary }));
    expect(answers).toEqual(
      spellings.map(() => ({ status: 202, body: { performer: "bo", status: "pending" } })),
    );
    const { rows } = await sql<{ summary: string }>`
      SELECT summary FROM summary_suggestions WHERE username = 'bo'`.execute(t.db);
    expect(rows).toEqual([{ summary: text }]);
    // Once reviewed, the same text may be suggested again: the index holds pending ones only.
    await sql`UPDATE summary_suggestions SET status = 'rejected', reviewed_at = now() WHERE username = 'bo'`.execute(
      t.db,
    );
    expect((await post("/v1/summary_suggestion", { performer: "bo", suggested_summary: text })).status).toBe(
      202,
    );
    const after = await sql`SELECT status FROM summary_suggestions WHERE username = 'bo' ORDER BY id`.execute(
      t.db,
    );
    expect(after.rows).toEqual([{ status: "rejected" }, { status: "pending" }]);
  });

  it(`keeps at most ${MAX_PENDING_TAGS} pending tags and ${MAX_PENDING_SUMMARIES} pending summaries a performer; over that 409, nothing stored`, async () => {
    await sql`
      INSERT INTO tag_suggestions (username, tag)
      SELECT 'cy', 'tag' || i FROM generate_series(1, ${MAX_PENDING_TAGS - 1}) i`.execute(t.db);
    const tag = (suggested_tag: string) => post("/v1/tag_suggestion", { performer: "cy", suggested_tag });
    expect((await tag("last")).status).toBe(202);
    const full = {
      status: 409,
      body: { error: { status: 409, code: "too_many_suggestions", message: tagsFull("cy") } },
    };
    expect(await tag("onemore")).toEqual(full);
    // At the cap a repeat is refused too, so a refusal never tells a new tag from a suggested one.
    expect(await tag("tag1")).toEqual(full);
    expect(tagsFull("cy")).toBe(
      "cy has 50 tag suggestions waiting for review, the most we keep; nothing was stored. Please try again after they are reviewed.",
    );
    const count = async (table: "tag_suggestions" | "summary_suggestions") =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE username = 'cy'`.execute(t.db)
        ).rows[0]?.n,
      );
    expect(await count("tag_suggestions")).toBe(MAX_PENDING_TAGS);
    // Reviewed ones leave the queue and no longer count.
    await sql`UPDATE tag_suggestions SET status = 'approved', reviewed_at = now() WHERE tag = 'tag1'`.execute(
      t.db,
    );
    expect((await tag("onemore")).status).toBe(202);
    expect(await count("tag_suggestions")).toBe(MAX_PENDING_TAGS + 1);

    // Summaries, sent all at once: the cap holds under concurrency (exactly 20 kept).
    const answers = await Promise.all(
      Array.from({ length: MAX_PENDING_SUMMARIES + 10 }, (_, i) =>
        post("/v1/summary_suggestion", { performer: "cy", suggested_summary: `Summary number ${i} of many` }),
      ),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(MAX_PENDING_SUMMARIES);
    expect(answers.filter((a) => a.status !== 202)).toEqual(
      Array.from({ length: 10 }, () => ({
        status: 409,
        body: { error: { status: 409, code: "too_many_suggestions", message: summariesFull("cy") } },
      })),
    );
    expect(await count("summary_suggestions")).toBe(MAX_PENDING_SUMMARIES);
  });

  it("migration 0026 removes existing duplicates, keeping the earliest, before its index", async () => {
    await sql`DROP INDEX summary_suggestions_pending_once`.execute(t.db);
    await sql`DELETE FROM summary_suggestions WHERE username = 'dee'`.execute(t.db);
    await sql`
      INSERT INTO summary_suggestions (username, summary, status, reviewed_at) VALUES
        ('dee', 'Same words here', 'pending', NULL), ('dee', 'SAME WORDS HERE', 'pending', NULL),
        ('dee', 'Same words here', 'approved', now()), ('dee', 'Other words here', 'pending', NULL),
        ('dee', 'same words here', 'pending', NULL), ('eve', 'Same words here', 'pending', NULL)`.execute(
      t.db,
    );
    await suggestionsOnce.up(t.db as never);
    const { rows } = await sql`
      SELECT username, summary, status FROM summary_suggestions WHERE username IN ('dee', 'eve') ORDER BY id`.execute(
      t.db,
    );
    expect(rows).toEqual([
      { username: "dee", summary: "Same words here", status: "pending" },
      { username: "dee", summary: "Same words here", status: "approved" },
      { username: "dee", summary: "Other words here", status: "pending" },
      { username: "eve", summary: "Same words here", status: "pending" },
    ]);
    await expect(
      sql`INSERT INTO summary_suggestions (username, summary) VALUES ('dee', 'same WORDS here')`.execute(
        t.db,
      ),
    ).rejects.toThrow(/summary_suggestions_pending_once/);
  });

  it("without accounts, an opt-out gives a code and records no opt-out (decision 0044)", async () => {
    const answer = await post("/v1/optout", { performer: "newcomer" });
    expect(answer).toMatchObject({
      status: 202,
      body: {
        performer: "newcomer",
        status: "code_issued",
        code: expect.stringMatching(OPTOUT_CODE_PATTERN),
      },
    });
    const { rows } = await sql`SELECT username FROM optouts`.execute(t.db);
    expect(rows).toEqual([]);
  });

  it.each([
    ["/v1/tag_suggestion", { performer: "nobody", suggested_tag: "x" }, 404, "unknown_performer", undefined],
    [
      "/v1/tag_suggestion",
      { performer: "ann", suggested_tag: "two words" },
      400,
      "invalid_parameter",
      "suggested_tag",
    ],
    ["/v1/tag_suggestion", { performer: "ann" }, 400, "invalid_parameter", "suggested_tag"],
    [
      "/v1/summary_suggestion",
      { performer: "ann", suggested_summary: "short" },
      400,
      "invalid_parameter",
      "suggested_summary",
    ],
    [
      "/v1/summary_suggestion",
      { performer: "ann", suggested_summary: "x".repeat(2001) },
      400,
      "invalid_parameter",
      "suggested_summary",
    ],
    ["/v1/optout", { performer: "" }, 400, "invalid_parameter", "performer"],
  ])("%s %j answers %i", async (url, payload, status, code, parameter) => {
    const { status: got, body } = await post(url, payload);
    expect(got).toBe(status);
    expect(body.error).toMatchObject({ status, code, ...(parameter ? { parameter } : {}) });
  });
});
