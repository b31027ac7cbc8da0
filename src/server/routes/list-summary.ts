import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import type { Identity } from "../../identity/identity.ts";
import { createListSummaryCache } from "../../lists/list-summary-cache.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { authenticateIfSent } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { LIST_NOT_FOUND, listIdParam } from "./lists.ts";

const summaryQuery = z.object({ listId: listIdParam });

/**
 * GET /v1/list_summary (SPEC §7, issue 18): a list with its performers' live state and figures,
 * live first then by viewers: a public list to anyone, a private one to its owner only (404 to
 * anyone else, as an unknown id).
 */
export function registerListSummary(
  app: FastifyInstance,
  db: Db,
  identity: Identity,
  now: () => number,
): void {
  const summaryJson = createListSummaryCache(db);
  app.get("/v1/list_summary", async (request, reply) => {
    const { listId } = parseInput(summaryQuery, request.query);
    const caller = await authenticateIfSent(request, reply, identity);
    const json = await summaryJson(listId, caller?.userId ?? null, now());
    if (json === null) throw new ApiError(404, "list_not_found", LIST_NOT_FOUND);
    // Anonymous answers of a public list are the same for everyone and change every poll.
    return reply
      .header("cache-control", caller === null ? "public, max-age=30" : "private, no-store")
      .type("application/json; charset=utf-8")
      .send(json);
  });
}

export const LIST_SUMMARY_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/list_summary",
    summary:
      "A list with its performers' live state, viewers, followers, 7-day follower change and last broadcast, live first then by viewers: public lists to anyone, private ones to their owner (Bearer)",
    query: summaryQuery,
    responses: {
      "200":
        "{ list, owner, watching, observedAt, performers: [{ name, displayName, gender, age, country, live, liveText, viewers, followers, followerChange7d, lastBroadcast, addedAt }] }",
      "401": "a token was sent that does not hold",
      "404": "no such list, or not one the caller may see",
    },
  },
];
