import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { suggestSummary, suggestTag } from "../../db/queries/suggestions.ts";
import type { Identity } from "../../identity/identity.ts";
import { SUMMARY_MAX, SUMMARY_MIN, TAG_MAX } from "../../moderation/suggestion-rules.ts";
import { modelNameParam } from "../../site/performer-name.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { authenticateIfSent } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { requirePerformer } from "../api/performers.ts";

export { SUMMARY_MAX, SUMMARY_MIN } from "../../moderation/suggestion-rules.ts";

/**
 * The most suggestions of each kind a performer may have waiting for review (issue 27): enough
 * for every honest visitor between two reviews, few enough that a script cannot bury a reviewer.
 */
export const MAX_PENDING_TAGS = 50;
export const MAX_PENDING_SUMMARIES = 20;
export const tagsFull = (performer: string) =>
  `${performer} has ${MAX_PENDING_TAGS} tag suggestions waiting for review, the most we keep; nothing was stored. Please try again after they are reviewed.`;
export const summariesFull = (performer: string) =>
  `${performer} has ${MAX_PENDING_SUMMARIES} summary suggestions waiting for review, the most we keep; nothing was stored. Please try again after they are reviewed.`;

const tagBody = z.object({
  performer: modelNameParam,
  suggested_tag: z
    .string({ error: "expected a tag" })
    .trim()
    // NFKC first: a full-width or composed spelling of a tag is the same tag.
    .transform((t) => t.normalize("NFKC").replace(/^#+/, "").toLowerCase())
    // The feed's tags: lowercase letters of any script, digits, _ and - (no spaces, no '#').
    .pipe(
      z
        .string()
        .regex(
          new RegExp(`^[\\p{Ll}\\p{Lo}\\p{Nd}_-]{1,${TAG_MAX}}$`, "u"),
          `expected one tag: letters, digits, _ and -, up to ${TAG_MAX}`,
        ),
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
 * accepted, acted on later. The same suggestion is kept once, and a repeat is answered exactly as
 * the first was (status pending), so nobody learns what others suggested or how it was reviewed;
 * over a performer's cap of pending ones, 409 and nothing stored. /v1/optout is the performer's
 * own (routes/performer-claims.ts). A signed-in visitor's token (optional) names them to the
 * reviewers (issue 30: "who sent it"); without one the suggestion is anonymous.
 */
export function registerSuggestions(app: FastifyInstance, db: Db, identity?: Identity): void {
  const known = (name: string) => requirePerformer(db, name);
  const senderOf = async (request: FastifyRequest, reply: FastifyReply) =>
    identity === undefined ? null : ((await authenticateIfSent(request, reply, identity))?.userId ?? null);

  app.post("/v1/tag_suggestion", async (request, reply) => {
    const body = parseInput(tagBody, request.body);
    const sender = await senderOf(request, reply);
    const { username } = await known(body.performer);
    if ((await suggestTag(db, username, body.suggested_tag, MAX_PENDING_TAGS, sender)) === "full")
      throw new ApiError(409, "too_many_suggestions", tagsFull(username));
    return reply
      .code(202)
      .header("cache-control", "no-store")
      .send({ performer: username, tag: body.suggested_tag, status: "pending" });
  });

  app.post("/v1/summary_suggestion", async (request, reply) => {
    const body = parseInput(summaryBody, request.body);
    const sender = await senderOf(request, reply);
    const { username } = await known(body.performer);
    if (
      (await suggestSummary(db, username, body.suggested_summary, MAX_PENDING_SUMMARIES, sender)) === "full"
    )
      throw new ApiError(409, "too_many_suggestions", summariesFull(username));
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
    summary: `Suggest a tag for a performer (kept for review, once per performer and tag); at most ${MAX_PENDING_TAGS} wait for review per performer`,
    body: tagBody,
    responses: {
      "202": "kept (or already kept): always status pending",
      "400": "a bad field",
      "401": "an identity token was sent (optional: it names the sender to the reviewers) and does not hold",
      "404": "an unknown performer",
      "409": "the performer's tag suggestions waiting for review are at the cap; nothing stored",
    },
  },
  {
    method: "post",
    path: "/v1/summary_suggestion",
    summary: `Suggest a summary for a performer (kept for review, never published unreviewed; the same text, ignoring case and Unicode form, kept once while pending); at most ${MAX_PENDING_SUMMARIES} wait for review per performer`,
    body: summaryBody,
    responses: {
      "202": "kept (or already kept)",
      "400": "a bad field",
      "401": "an identity token was sent (optional: it names the sender to the reviewers) and does not hold",
      "404": "an unknown performer",
      "409": "the performer's summaries waiting for review are at the cap; nothing stored",
    },
  },
];
