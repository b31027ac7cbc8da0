import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/connect.ts";
import { lastActivityOf } from "../../db/queries/user-summary.ts";
import type { Identity } from "../../identity/identity.ts";
import { authenticate } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";

/**
 * GET /v1/user_info (SPEC §3 User summary, §7): the signed-in user's summary. Validate (nothing to
 * read), authenticate, authorize (one's own), query, respond. Lists and the performer verification
 * arrive with their issues; until then they are empty.
 */
export function registerUserInfo(app: FastifyInstance, db: Db, identity: Identity): void {
  app.get("/v1/user_info", async (request, reply) => {
    const caller = await authenticate(request, identity);
    const lastActivity = await lastActivityOf(db, caller.userId);
    return reply.header("cache-control", "private, no-store").send({
      userInfo: {
        accountVerifiedForPerformer: null,
        watchedLists: [],
        lastActivityTime: lastActivity?.toISOString() ?? null,
      },
      ownedLists: [],
      allLists: [],
    });
  });
}

export const USER_INFO_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/user_info",
    summary:
      "The signed-in user's summary (Authorization: Bearer identity token): userInfo { accountVerifiedForPerformer, watchedLists, lastActivityTime }, ownedLists, allLists",
    responses: { "200": "the user summary", "401": "no identity token, or one that does not hold" },
  },
];
