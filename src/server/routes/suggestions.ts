import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { suggestSummary, suggestTag } from "../../db/queries/suggestions.ts";
import { parseInput } from "../api/api-error.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { modelNameParam } from "../api/params.ts";
import { requirePerformer } from "../api/performers.ts";

/** A summary is shown whole on a result card's description tab: long enough to say something. */
export const SUMMARY_MIN = 10;
export const SUMMARY_MAX = 2000;

const tagBody = z.object({
  performer: modelNameParam,
  suggested_tag: z
    .string({ error: "expected a tag" })
    .trim()
    .transform((t) => t.replace(/^#+/, "").toLowerCase())
    // The feed's tags: lowercase letters of any script, digits, _ and - (no spaces, no '#').
    .pipe(
      z
        .string()
        .regex(/^[\p{Ll}\p{Lo}\p{Nd}_-]{1,64}$/u, "expected one tag: letters, digits, _ and -, up to 64"),
    ),
});

const summaryBody = z.object({
  performer: modelNameParam,
  suggested_summary: z
    .string({ error: "expected a summary" })
    .transform((t) =>
      t
        .replace(/\p{Cc}/gu, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .pipe(
      z
        .string()
        .min(SUMMARY_MIN, `expected at least ${SUMMARY_MIN} characters`)
        .max(SUMMARY_MAX, `expected at most ${SUMMARY_MAX} characters`),
    ),
});

/**
 * The API host's unauthenticated suggestions (SPEC §7): /v1/tag_suggestion and /v1/summary_suggestion
 * keep a visitor's suggestion for review (nothing unreviewed is published). Each answers 202:
 * accepted, acted on later. /v1/optout is the performer's own (routes/performer-claims.ts).
 */
export function registerSuggestions(app: FastifyInstance, db: Db): void {
  const known = (name: string) => requirePerformer(db, name);

  app.post("/v1/tag_suggestion", async (request, reply) => {
    const body = parseInput(tagBody, request.body);
    const { username } = await known(body.performer);
    const status = await suggestTag(db, username, body.suggested_tag);
    return reply
      .code(202)
      .header("cache-control", "no-store")
      .send({ performer: username, tag: body.suggested_tag, status });
  });

  app.post("/v1/summary_suggestion", async (request, reply) => {
    const body = parseInput(summaryBody, request.body);
    const { username } = await known(body.performer);
    await suggestSummary(db, username, body.suggested_summary);
    return reply
      .code(202)
      .header("cache-control", "no-store")
      .send({ performer: username, status: "pending" });
  });
}

export const SUGGESTIONS_DOCS: RouteDoc[] = [
  {
    method: "post",
    path: "/v1/tag_suggestion",
    summary: "Suggest a tag for a performer (kept for review)",
    body: tagBody,
    responses: { "202": "kept, with its review status", "400": "a bad field", "404": "an unknown performer" },
  },
  {
    method: "post",
    path: "/v1/summary_suggestion",
    summary: "Suggest a summary for a performer (kept for review, never published unreviewed)",
    body: summaryBody,
    responses: { "202": "kept", "400": "a bad field", "404": "an unknown performer" },
  },
];
