import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { importListPerformers, knownPerformerIds } from "../../db/queries/list-import.ts";
import { listById, listView } from "../../db/queries/lists.ts";
import type { Identity } from "../../identity/identity.ts";
import { FAVORITES_MAX_CHARACTERS, FAVORITES_MAX_NAMES, favoritesNames } from "../../lists/favorites-text.ts";
import { MAX_PERFORMERS_PER_LIST } from "../../lists/list-rules.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { authenticate } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { LIST_IMPORT_BODY_LIMIT } from "../route-body-limits.ts";
import { LIST_NOT_FOUND, listIdParam } from "./lists.ts";

const importBody = z.object({
  listId: listIdParam,
  favorites: z
    .string({ error: "expected favorites: the names or room addresses to import, as text" })
    .max(FAVORITES_MAX_CHARACTERS, `expected favorites of at most ${FAVORITES_MAX_CHARACTERS} characters`),
  dryRun: z.boolean().default(false),
});

export const NO_NAMES = "No usernames found in the text: paste names or room addresses, one per line.";
export const TOO_MANY_NAMES = `At most ${FAVORITES_MAX_NAMES} names can be imported at once.`;
export const IMPORT_OVER_LIMIT = (present: number, adding: number) =>
  `This list holds ${present} performers and the import would add ${adding}: a list holds at most ${MAX_PERFORMERS_PER_LIST}. Nothing was imported.`;

/**
 * POST /v1/list_import_favorites (SPEC §7, issue 18): the names in pasted text or a favourites
 * export, checked against the performers we know; with `dryRun` only the report (found, unknown,
 * duplicates, already on the list) for the import page's preview, otherwise all of the new ones
 * added at once or, over the list's limit, none.
 */
export function registerListImport(app: FastifyInstance, db: Db, identity: Identity): void {
  app.post("/v1/list_import_favorites", { bodyLimit: LIST_IMPORT_BODY_LIMIT }, async (request, reply) => {
    const body = parseInput(importBody, request.body);
    const { names, duplicates, invalid } = favoritesNames(body.favorites);
    if (names.length + invalid.length === 0) throw new ApiError(400, "no_names", NO_NAMES);
    if (names.length + invalid.length > FAVORITES_MAX_NAMES)
      throw new ApiError(400, "too_many_names", TOO_MANY_NAMES);
    const caller = await authenticate(request, identity);
    const known = await knownPerformerIds(db, names);
    const found = names.filter((name) => known.has(name));
    const change = await importListPerformers(
      db,
      caller.userId,
      body.listId,
      found.map((name) => known.get(name) as number),
      { maxPerformers: MAX_PERFORMERS_PER_LIST, dryRun: body.dryRun },
    );
    if (change.outcome === "not-found") throw new ApiError(404, "list_not_found", LIST_NOT_FOUND);
    if (change.outcome === "limit")
      throw new ApiError(409, "limit_reached", IMPORT_OVER_LIMIT(change.present, found.length));
    const nameOf = new Map([...known].map(([name, id]) => [id, name]));
    const usernames = (ids: number[]) => ids.map((id) => nameOf.get(id) as string);
    const list = await listById(db, body.listId);
    if (list === undefined) throw new ApiError(404, "list_not_found", LIST_NOT_FOUND);
    return reply.header("cache-control", "private, no-store").send({
      found,
      unknown: [...names.filter((name) => !known.has(name)), ...invalid],
      duplicates,
      alreadyInList: usernames(change.alreadyInList),
      added: body.dryRun ? [] : usernames(change.added),
      list: listView(list),
    });
  });
}

export const LIST_IMPORT_DOCS: RouteDoc[] = [
  {
    method: "post",
    path: "/v1/list_import_favorites",
    summary: `Import names or room addresses (pasted text or a favourites export) into an owned list (Bearer); dryRun only reports. All or nothing: at most ${MAX_PERFORMERS_PER_LIST} performers a list`,
    body: importBody,
    responses: {
      "200": "{ found, unknown, duplicates, alreadyInList, added, list }",
      "400": "no names, too many names, or too much text",
      "401": "no valid identity token",
      "404": "no such list of the caller's",
      "409": "the import would take the list over its limit; nothing was added",
    },
  },
];
