import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/connect.ts";
import { listView, ownedLists, watchedLists } from "../../db/queries/lists.ts";
import { ownedPerformers } from "../../db/queries/performer-claims.ts";
import { lastActivityOf } from "../../db/queries/user-summary.ts";
import type { Identity } from "../../identity/identity.ts";
import { authenticate } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";

/**
 * GET /v1/user_info (SPEC §3 User summary, §7): the signed-in user's summary. Validate (nothing to
 * read), authenticate, authorize (one's own), query, respond. ownedLists: the caller's lists;
 * allLists: those and the lists they watch; userInfo.watchedLists: the watched lists' ids;
 * userInfo.accountVerifiedForPerformer: the username of the performer the account was most recently
 * verified for, or null, and verifiedPerformers all of them (decision 0021).
 */
export function registerUserInfo(app: FastifyInstance, db: Db, identity: Identity): void {
  app.get("/v1/user_info", async (request, reply) => {
    const caller = await authenticate(request, identity);
    const lastActivity = await lastActivityOf(db, caller.userId);
    const owned = (await ownedLists(db, caller.userId)).map(listView);
    const watched = (await watchedLists(db, caller.userId)).map(listView);
    const ownedIds = new Set(owned.map((l) => l.listId));
    const performers = await ownedPerformers(db, caller.userId);
    return reply.header("cache-control", "private, no-store").send({
      userInfo: {
        accountVerifiedForPerformer: performers[0] ?? null,
        verifiedPerformers: performers,
        watchedLists: watched.map((l) => l.listId),
        lastActivityTime: lastActivity?.toISOString() ?? null,
      },
      ownedLists: owned,
      allLists: [...owned, ...watched.filter((l) => !ownedIds.has(l.listId))],
    });
  });
}

export const USER_INFO_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/user_info",
    summary:
      "The signed-in user's summary (Authorization: Bearer identity token): userInfo { accountVerifiedForPerformer (a username or null), verifiedPerformers, watchedLists, lastActivityTime }, ownedLists, allLists",
    responses: { "200": "the user summary", "401": "no identity token, or one that does not hold" },
  },
];
