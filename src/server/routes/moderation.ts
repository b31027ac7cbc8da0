import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import {
  decideItems,
  ITEM_KINDS,
  type ItemRef,
  itemKey,
  moderationQueue,
  performersOfItems,
  type Reviewer,
  recentDecisions,
  undoDecision,
} from "../../db/queries/moderation.ts";
import type { Caller, Identity } from "../../identity/identity.ts";
import { mayDecide, reviewerOf } from "../../moderation/reviewer.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { authenticate } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";

/** The most items one queue answer lists, and one decision call decides. */
export const QUEUE_MAX = 500;
export const QUEUE_DEFAULT = 100;
export const DECIDE_MAX = 100;
/** The caller's own latest decisions the queue answer lists, for undo. */
export const RECENT_DECISIONS = 20;

export const NOT_A_REVIEWER =
  "Only a moderator, or a performer's verified account for what is about that performer, may review suggestions and fan quotes.";
export const notYours = (item: ItemRef) =>
  `${item.kind} ${item.id} is about a performer your account is not verified for; only a moderator may decide it.`;
export const unknownItem = (item: ItemRef) =>
  new ApiError(404, "unknown_item", `there is no ${item.kind} ${item.id} to review`);

const itemRef = z.object({
  kind: z.enum(ITEM_KINDS, { error: "expected tag, summary or quote" }),
  id: z
    .number({ error: "expected the item's id" })
    .int("expected a whole number")
    .positive("expected a positive id")
    .max(Number.MAX_SAFE_INTEGER),
});
const queueQuery = z.object({
  limit: z.coerce
    .number<unknown>({ error: "expected a number" })
    .int("expected a whole number")
    .min(1, "expected 1 or more")
    .max(QUEUE_MAX, `expected at most ${QUEUE_MAX}`)
    .default(QUEUE_DEFAULT),
});
const decideBody = z.object({
  decision: z.enum(["approve", "reject"], { error: "expected approve or reject" }),
  items: z
    .array(itemRef, { error: "expected a list of { kind, id }" })
    .min(1, "expected at least one item")
    .max(DECIDE_MAX, `expected at most ${DECIDE_MAX} items at once`),
});

/** The sender as a reviewer sees it: the account's display name, or "anonymous". */
export const senderName = (sender: string | null) => sender ?? "anonymous";

/**
 * The reviewers' calls (issue 30, decision 0041): the queue of pending tag suggestions, summary
 * suggestions and fan quotes, decisions one or many at once, and undo. A moderator
 * (MODERATOR_EMAILS, confirmed address) reviews everything; a performer's verified account, what
 * is about that performer; anyone else gets 403. Every answer is the caller's own: never stored.
 */
export function registerModeration(
  app: FastifyInstance,
  db: Db,
  identity: Identity,
  moderatorEmails: readonly string[],
): void {
  const noStore = { "cache-control": "private, no-store" };

  const reviewerFor = async (caller: Caller): Promise<Reviewer> => {
    const reviewer = await reviewerOf(db, caller.userId, moderatorEmails);
    if (reviewer === null) throw new ApiError(403, "not_a_reviewer", NOT_A_REVIEWER);
    return reviewer;
  };

  /** Every item must exist and be the reviewer's to decide, or nothing is done. */
  const authorize = async (reviewer: Reviewer, items: readonly ItemRef[]) => {
    const performers = await performersOfItems(db, items);
    for (const item of items) {
      const performerId = performers.get(itemKey(item));
      if (performerId === undefined) throw unknownItem(item);
      if (!mayDecide(reviewer, performerId)) throw new ApiError(403, "not_yours", notYours(item));
    }
  };

  app.get("/v1/moderation/queue", async (request, reply) => {
    const { limit } = parseInput(queueQuery, request.query);
    const reviewer = await reviewerFor(await authenticate(request, identity));
    const [{ total, items }, recent] = await Promise.all([
      moderationQueue(db, reviewer, limit),
      recentDecisions(db, reviewer, RECENT_DECISIONS),
    ]);
    return reply.headers(noStore).send({
      role: reviewer.performerIds === null ? "moderator" : "performer",
      total,
      items: items.map((item) => ({
        kind: item.kind,
        id: item.id,
        performer: item.performer,
        text: item.text,
        sender: senderName(item.sender),
        times: item.times,
        suggestedAt: item.suggestedAt.toISOString(),
      })),
      recent: recent.map((d) => ({
        kind: d.kind,
        id: d.id,
        performer: d.performer,
        text: d.text,
        action: d.action,
        decidedAt: d.decidedAt.toISOString(),
      })),
    });
  });

  app.post("/v1/moderation/decide", async (request, reply) => {
    const body = parseInput(decideBody, request.body);
    const reviewer = await reviewerFor(await authenticate(request, identity));
    const items = uniqueItems(body.items);
    await authorize(reviewer, items);
    const outcomes = await decideItems(
      db,
      items,
      body.decision === "approve" ? "approved" : "rejected",
      reviewer,
    );
    return reply.headers(noStore).send({
      results: items.map((item, i) => ({ kind: item.kind, id: item.id, status: outcomes[i] })),
    });
  });

  app.post("/v1/moderation/undo", async (request, reply) => {
    const item = parseInput(itemRef, request.body);
    const reviewer = await reviewerFor(await authenticate(request, identity));
    await authorize(reviewer, [item]);
    const outcome = await undoDecision(db, item, reviewer);
    if (outcome === "unknown") throw unknownItem(item);
    if (outcome === "not_decided")
      throw new ApiError(
        409,
        "not_decided",
        `${item.kind} ${item.id} is waiting for review: there is nothing to undo`,
      );
    if (outcome === "newer_quote_pending")
      throw new ApiError(
        409,
        "newer_quote_pending",
        `the fan has written a newer quote about this performer that waits for review; decide that one instead`,
      );
    return reply.headers(noStore).send({ kind: item.kind, id: item.id, status: "pending" });
  });
}

/** The same item twice in one call is decided once. */
function uniqueItems(items: readonly ItemRef[]): ItemRef[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = itemKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const REFUSALS = {
  "401": "no identity token, or one that does not hold",
  "403": "not_a_reviewer: the caller is neither a moderator nor a verified performer",
};

export const MODERATION_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/moderation/queue",
    summary: `The pending tag suggestions, summary suggestions and fan quotes the caller may review (Bearer; a moderator: all, a verified performer: those about them), oldest first, at most limit (default ${QUEUE_DEFAULT}): { role, total, items: [{ kind, id, performer, text, sender (display name or "anonymous"), times, suggestedAt }], recent: the caller's latest ${RECENT_DECISIONS} decisions still in force, for undo }`,
    query: queueQuery,
    responses: { "200": "the queue", "400": "a bad limit", ...REFUSALS },
  },
  {
    method: "post",
    path: "/v1/moderation/decide",
    summary: `Approve or reject up to ${DECIDE_MAX} pending items at once (Bearer), each decision kept with who and when; approval shows at once (the search and the additional tags file within a minute). Answers { results: [{ kind, id, status: approved | rejected | already_decided }] }`,
    body: decideBody,
    responses: {
      "200": "decided (an item decided meanwhile by someone else is already_decided)",
      "400": "a bad field",
      ...REFUSALS,
      "403":
        "not_a_reviewer, or not_yours: an item about a performer the caller is not verified for (nothing decided)",
      "404": "unknown_item: no such item (nothing decided)",
    },
  },
  {
    method: "post",
    path: "/v1/moderation/undo",
    summary:
      "Return a decided item to pending (Bearer); the undo is recorded too. Answers { kind, id, status: pending }",
    body: itemRef,
    responses: {
      "200": "pending again",
      "400": "a bad field",
      ...REFUSALS,
      "403": "not_a_reviewer, or not_yours",
      "404": "unknown_item",
      "409": "not_decided: the item is pending; newer_quote_pending: the fan's newer quote waits for review",
    },
  },
];
