import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { publicListFeed } from "../../db/queries/list-alerts.ts";
import { FEED_DAYS, FEED_MAX_ENTRIES, listAtomFeed } from "../../lists/atom-feed.ts";
import { LIST_ID_PATTERN } from "../../lists/list-rules.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { LIST_NOT_FOUND } from "./lists.ts";

const params = z.object({
  id: z.string({ error: "expected a list id" }).regex(LIST_ID_PATTERN, "expected a list id"),
});

/**
 * GET /lists/{id}/feed.atom: a public list's go-live events of the last 7 days as Atom (issue 18).
 * A Fastify route, not a page: the pages' /lists/{listId} would not answer XML. A private or
 * unknown list is the same 404, so a feed never tells that a private list exists.
 */
export function registerListFeed(
  app: FastifyInstance,
  options: { db: Db; origin: string; siteName: string; now?: () => number },
): void {
  const now = options.now ?? Date.now;
  app.get("/lists/:id/feed.atom", async (request, reply) => {
    const { id } = parseInput(params, request.params);
    const since = new Date(now() - FEED_DAYS * 24 * 3600_000);
    const list = await publicListFeed(options.db, id, since, FEED_MAX_ENTRIES);
    if (list === undefined) throw new ApiError(404, "list_not_found", LIST_NOT_FOUND);
    const xml = listAtomFeed({
      origin: options.origin,
      siteName: options.siteName,
      listId: id,
      name: list.name,
      description: list.description,
      events: list.events,
      listUpdatedAt: list.updatedAt,
    });
    return reply
      .header("cache-control", "public, max-age=60")
      .type("application/atom+xml; charset=utf-8")
      .send(xml);
  });
}
