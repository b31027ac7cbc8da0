import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { comparePerformers } from "../../db/queries/compare-performers.ts";
import type { Identity } from "../../identity/identity.ts";
import { modelNameParam } from "../../site/performer-name.ts";
import { yesterdayUtc } from "../../site/shown-days.ts";
import {
  COMPARE_DAYS_BACK,
  COMPARE_MAX_PERFORMERS,
  COMPARE_MIN_PERFORMERS,
  type CompareAnswer,
} from "../../types/compare-performers.ts";
import { parseInput } from "../api/api-error.ts";
import { authenticate } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";

/** The exact texts of the call's 400s (each after "performers: " or "daysBack: "). */
export const PERFORMERS_NOT_A_LIST = `expected a list of ${COMPARE_MIN_PERFORMERS} to ${COMPARE_MAX_PERFORMERS} performer names`;
export const TOO_FEW_PERFORMERS = `compare at least ${COMPARE_MIN_PERFORMERS} performers`;
export const TOO_MANY_PERFORMERS = `compare at most ${COMPARE_MAX_PERFORMERS} performers`;
export const DUPLICATE_PERFORMER = "name each performer once";
export const BAD_DAYS_BACK = `expected daysBack of ${COMPARE_DAYS_BACK.join(", ").replace(/, (\d+)$/, " or $1")}`;

const compareBody = z.object({
  performers: z
    .array(modelNameParam, { error: PERFORMERS_NOT_A_LIST })
    .min(COMPARE_MIN_PERFORMERS, TOO_FEW_PERFORMERS)
    .max(COMPARE_MAX_PERFORMERS, TOO_MANY_PERFORMERS)
    // Names are compared as the platform writes them: lowercase.
    .refine((names) => new Set(names).size === names.length, DUPLICATE_PERFORMER),
  daysBack: z.literal(COMPARE_DAYS_BACK, { error: BAD_DAYS_BACK }),
});

/**
 * POST /v1/compare_performers {performers, daysBack} (SPEC §7, issue 20): 2 to 5 performers side
 * by side, per UTC day and over the window, for a signed-in caller (it reads a year of rows per
 * performer, so it is the accounts' tool, and the API's rate limit counts it as every call).
 * Validate, authenticate, query, respond; names we do not know, or whose performer opted out,
 * come back `found: false` rather than failing the whole comparison.
 */
export function registerComparePerformers(
  app: FastifyInstance,
  db: Db,
  identity: Identity,
  now: () => number = Date.now,
): void {
  app.post("/v1/compare_performers", async (request, reply) => {
    const body = parseInput(compareBody, request.body);
    await authenticate(request, identity);
    const window = await comparePerformers(db, body.performers, body.daysBack, yesterdayUtc(now()));
    const answer: CompareAnswer = { daysBack: body.daysBack, ...window };
    return reply.header("cache-control", "private, no-store").send(answer);
  });
}

export const COMPARE_PERFORMERS_DOCS: RouteDoc[] = [
  {
    method: "post",
    path: "/v1/compare_performers",
    summary:
      "2 to 5 performers side by side over daysBack (7, 30, 90 or 365) UTC days ending at the latest complete day (Authorization: Bearer identity token): { daysBack, from, to, performers: [{ username, found, displayName, gender, totals: { followers, followerChange, peakViewers, avgViewers, hoursOnline, bestRank, daysLive }, days: [{ day, followers, peakViewers, avgViewers, minutesOnline, bestRank }] }] }; null where no figure is held",
    body: compareBody,
    responses: {
      "200":
        "the comparison, performers in the order asked; unknown or opted-out ones { username, found: false }",
      "400": "a bad field",
      "401": "no identity token, or one that does not hold",
    },
  },
];
