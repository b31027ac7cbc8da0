import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, testApp } from "../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { optoutProofNeeded } from "./performer-claims.ts";

describe("suggestions and opt-outs", () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestDatabase();
    await insertPerformer(t.db, { username: "ann" });
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
    expect(
      (await post("/v1/tag_suggestion", { performer: "ann", suggested_tag: "cosplay" })).body.status,
    ).toBe("approved");
    const { rows } = await sql`SELECT username, tag FROM tag_suggestions`.execute(t.db);
    expect(rows).toEqual([{ username: "ann", tag: "cosplay" }]);
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

  it("without accounts, an opt-out asks for the proof and records nothing (decision 0021)", async () => {
    expect(await post("/v1/optout", { performer: "newcomer" })).toEqual({
      status: 202,
      body: {
        performer: "newcomer",
        status: "proof_needed",
        message: optoutProofNeeded("newcomer"),
        claimUrl: "/claim/newcomer",
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
