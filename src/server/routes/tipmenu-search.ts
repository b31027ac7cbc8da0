import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { itemKeyOf } from "../../collect/subject-goal.ts";
import type { Db } from "../../db/connect.ts";
import { searchTipMenus } from "../../db/queries/tipmenu-search.ts";
import { RANGE_REVERSED, TOKENS_MAX, TOKENS_MIN } from "../../site/tipmenu.ts";
import { termField, tokensField } from "../../site/tipmenu-input.ts";
import { parseInput } from "../api/api-error.ts";
import { API_CACHE } from "../api/cache.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { genderCodeParam, storedGender } from "../api/params.ts";

const tipMenuBody = z
  .object({
    gender: genderCodeParam.default(null),
    minTokens: tokensField.default(TOKENS_MIN),
    maxTokens: tokensField.default(TOKENS_MAX),
    searchTerm: termField,
  })
  .refine((b) => b.minTokens <= b.maxTokens, { message: RANGE_REVERSED, path: ["minTokens"] });

/**
 * POST /v1/tipmenu-search {gender, minTokens, maxTokens, searchTerm} (SPEC §7, unauthenticated):
 * what performers charge for an item, from the goals in their room subjects and the tip menus of
 * verified performers (decision 0024). Validate, query, respond; the same answer for everyone: a
 * term's matches are read once a minute for all its searches, and HTTP caches may keep an answer
 * as long as the API's lists.
 */
export function registerTipMenuSearch(app: FastifyInstance, db: Db, now: () => number = Date.now): void {
  app.post("/v1/tipmenu-search", async (request, reply) => {
    const body = parseInput(tipMenuBody, request.body);
    const gender = storedGender(body.gender);
    const answer = await searchTipMenus(
      db,
      {
        searchTerm: body.searchTerm,
        termKey: itemKeyOf(body.searchTerm),
        gender: gender === "f" || gender === "m" || gender === "c" || gender === "t" ? gender : null,
        minTokens: body.minTokens,
        maxTokens: body.maxTokens,
      },
      new Date(now()),
    );
    reply.header("cache-control", API_CACHE);
    return answer;
  });
}

export const TIPMENU_SEARCH_DOCS: RouteDoc[] = [
  {
    method: "post",
    path: "/v1/tipmenu-search",
    summary:
      "What performers charge for an item: searchTerm (2-60 characters; every word begins a word of the item, or the item holds the term without spaces), gender code (f, m, c, s or all), minTokens and maxTokens (0-1,000,000). From the goals in room subjects seen in the last 90 days and verified performers' tip menus",
    body: tipMenuBody,
    responses: {
      "200":
        "{ searchTerm, gender, minTokens, maxTokens, items: [{ item, tokens, amountKind (goal|left), source (subject|menu), performer: { username, displayName, gender }, lastSeen }] (best matches, then cheapest; at most 100), distribution: { all, byGender: { f, m, c, t } } each { count, min, q1, median, q3, max } }",
      "400": "a bad field",
    },
  },
];
