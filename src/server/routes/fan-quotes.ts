import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { approvedQuotes, hideQuote, performersOfItems, writeFanQuote } from "../../db/queries/moderation.ts";
import type { Identity } from "../../identity/identity.ts";
import { takeQuoteAttempt } from "../../moderation/quote-limit.ts";
import {
  ANONYMOUS_FAN,
  QUOTE_MAX,
  QUOTE_MIN,
  QUOTES_PER_HOUR,
  QUOTES_SHOWN,
  quoteLength,
  tidyQuote,
} from "../../moderation/quote-rules.ts";
import { mayDecide, reviewerOf } from "../../moderation/reviewer.ts";
import { modelNameParam } from "../../site/performer-name.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { authenticate } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { requirePerformer } from "../api/performers.ts";

/** Approved quotes may be kept by caches half a minute: an approval shows within a minute (issue 30). */
const QUOTES_CACHE = "public, max-age=30";

export const TOO_MANY_QUOTES = `You have sent ${QUOTES_PER_HOUR} quotes in the last hour, the most an account may; nothing was stored. Please try again later.`;
export const NOT_THEIRS =
  "Only the performer's verified account, or a moderator, may hide a quote about them.";

const quoteBody = z.object({
  performer: modelNameParam,
  quote: z
    .string({ error: "expected the quote's text" })
    .transform(tidyQuote)
    .refine((q) => quoteLength(q) >= QUOTE_MIN, `expected at least ${QUOTE_MIN} characters`)
    .refine((q) => quoteLength(q) <= QUOTE_MAX, `expected at most ${QUOTE_MAX} characters`),
});
const performerQuery = z.object({ performer: modelNameParam });
const quoteIdQuery = z.object({
  quoteId: z.coerce
    .number<unknown>({ error: "expected the quote's id" })
    .int("expected a whole number")
    .positive("expected a positive id")
    .max(Number.MAX_SAFE_INTEGER),
});

/**
 * Fan quotes (issue 30, point 3): a signed-in fan writes a short quote about a performer, kept for
 * review (one pending per fan and performer, editable while it waits); the approved ones are
 * public, with the fan's display name or "a fan"; the performer's verified account (or a
 * moderator) may hide one. An opted-out performer is unknown here, as everywhere.
 */
export function registerFanQuotes(
  app: FastifyInstance,
  db: Db,
  identity: Identity,
  moderatorEmails: readonly string[],
  now: () => number = Date.now,
): void {
  const noStore = { "cache-control": "private, no-store" };

  app.post("/v1/fan_quote", async (request, reply) => {
    const body = parseInput(quoteBody, request.body);
    const caller = await authenticate(request, identity);
    const { performerId, username } = await requirePerformer(db, body.performer);
    const wait = await takeQuoteAttempt(db, caller.userId, now());
    if (wait !== null) {
      reply.header("retry-after", String(wait));
      throw new ApiError(429, "too_many_quotes", TOO_MANY_QUOTES);
    }
    const { quoteId, edited } = await writeFanQuote(db, performerId, caller.userId, body.quote);
    return reply
      .code(202)
      .headers(noStore)
      .send({ performer: username, quoteId, quote: body.quote, status: "pending", edited });
  });

  app.get("/v1/fan_quotes", async (request, reply) => {
    const { performer } = parseInput(performerQuery, request.query);
    const { performerId, username } = await requirePerformer(db, performer);
    const quotes = await approvedQuotes(db, performerId, QUOTES_SHOWN);
    return reply.header("cache-control", QUOTES_CACHE).send({
      performer: username,
      quotes: quotes.map((q) => ({
        quoteId: q.quoteId,
        quote: q.quote,
        by: q.by ?? ANONYMOUS_FAN,
        approvedAt: q.approvedAt.toISOString(),
      })),
    });
  });

  app.delete("/v1/fan_quote", async (request, reply) => {
    const { quoteId } = parseInput(quoteIdQuery, request.query);
    const caller = await authenticate(request, identity);
    const item = { kind: "quote" as const, id: quoteId };
    const performerId = (await performersOfItems(db, [item])).get(`quote ${quoteId}`);
    if (performerId === undefined) throw new ApiError(404, "unknown_quote", `there is no quote ${quoteId}`);
    const reviewer = await reviewerOf(db, caller.userId, moderatorEmails);
    if (reviewer === null || !mayDecide(reviewer, performerId))
      throw new ApiError(403, "not_verified", NOT_THEIRS);
    await hideQuote(db, quoteId, reviewer);
    return reply.headers(noStore).send({ quoteId, status: "hidden" });
  });
}

export const FAN_QUOTES_DOCS: RouteDoc[] = [
  {
    method: "post",
    path: "/v1/fan_quote",
    summary: `Write a quote about a performer (Bearer), ${QUOTE_MIN} to ${QUOTE_MAX} characters once trimmed, kept for review: one pending quote per fan and performer, so a second one while it waits replaces it (edited: true). At most ${QUOTES_PER_HOUR} an hour per account. Answers { performer, quoteId, quote, status: pending, edited }`,
    body: quoteBody,
    responses: {
      "202": "kept for review",
      "400": "a bad field (too short, too long, a lone surrogate)",
      "401": "no identity token, or one that does not hold",
      "404": "an unknown performer (or one who opted out)",
      "429": "too_many_quotes: Retry-After says when to try again",
    },
  },
  {
    method: "get",
    path: "/v1/fan_quotes",
    summary: `A performer's approved fan quotes, newest approved first, at most ${QUOTES_SHOWN}: { performer, quotes: [{ quoteId, quote, by (the fan's display name or "${ANONYMOUS_FAN}"), approvedAt }] }`,
    query: performerQuery,
    responses: {
      "200": "the quotes",
      "400": "a bad performer name",
      "404": "an unknown performer (or one who opted out)",
    },
  },
  {
    method: "delete",
    path: "/v1/fan_quote",
    summary:
      "Hide a quote about a performer (Bearer: the performer's verified account, or a moderator); recorded, and undone by /v1/moderation/undo. Answers { quoteId, status: hidden }",
    query: quoteIdQuery,
    responses: {
      "200": "hidden",
      "400": "a bad quoteId",
      "401": "no identity token, or one that does not hold",
      "403": "not_verified: the caller is neither the performer's verified account nor a moderator",
      "404": "unknown_quote",
    },
  },
];
