import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { closestNames, nameSeen, namesContaining } from "../../db/queries/name-lookup.ts";
import { modelNameParam } from "../../site/performer-name.ts";
import { parseInput } from "../api/api-error.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { genderCodeParam, storedGender } from "../api/params.ts";

/** How many names a picker lookup and the name checker's similar names give. */
export const LOOKUP_LIMIT = 20;
export const SIMILAR_LIMIT = 10;

const modelSearchBody = z.object({
  gender: genderCodeParam.optional(),
  // SPEC §5: a name search needs at least two characters.
  searchTerm: z
    .string({ error: "expected a search term" })
    .trim()
    .min(2, "expected at least 2 characters")
    .max(64, "expected at most 64 characters")
    .transform((t) => t.toLowerCase())
    // Usernames hold nothing else, so nothing else can match (and a NUL byte would fail in PostgreSQL).
    .pipe(z.string().regex(/^[a-z0-9_.-]+$/, "expected letters, digits, _ . and - only")),
});

const nameCheckerBody = z.object({ name: modelNameParam });

/**
 * The API host's name lookups (SPEC §7 unauthenticated POST): /v1/model-search {gender,
 * searchTerm} for the pickers, and /v1/name-checker {name}: whether a name is taken on the platform
 * as far as we have seen, with the seen names closest to it. Validate, query, respond.
 */
export function registerNameLookup(app: FastifyInstance, db: Db): void {
  app.post("/v1/model-search", async (request, reply) => {
    const body = parseInput(modelSearchBody, request.body);
    reply.header("cache-control", "no-store");
    return { results: await namesContaining(db, body.searchTerm, storedGender(body.gender), LOOKUP_LIMIT) };
  });

  app.post("/v1/name-checker", async (request, reply) => {
    const { name } = parseInput(nameCheckerBody, request.body);
    reply.header("cache-control", "no-store");
    const [seen, closest] = await Promise.all([nameSeen(db, name), closestNames(db, name, SIMILAR_LIMIT)]);
    // `similar` is the SPEC's list of names; `closest` adds when each was last seen (epoch ms), and
    // `lastSeen` the name's own (null when free or opted out).
    return {
      name,
      taken: seen.taken,
      lastSeen: seen.lastSeen,
      similar: closest.map((c) => c.name),
      closest,
    };
  });
}

export const NAME_LOOKUP_DOCS: RouteDoc[] = [
  {
    method: "post",
    path: "/v1/model-search",
    summary: "Performers whose name contains searchTerm (pickers); gender code f, m, c or s",
    body: modelSearchBody,
    responses: { "200": "up to 20 names", "400": "a bad field" },
  },
  {
    method: "post",
    path: "/v1/name-checker",
    summary: "Whether a name is taken on the platform as far as we have seen, and the closest taken names",
    body: nameCheckerBody,
    responses: {
      "200": "{ name, taken, lastSeen, similar, closest: [{ name, lastSeen }] } (lastSeen in epoch ms)",
      "400": "a bad field",
    },
  },
];
