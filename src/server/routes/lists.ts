import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import {
  addListPerformer,
  createList,
  deleteList,
  type ListChange,
  listById,
  listView,
  ownedLists,
  removeListPerformer,
  setListWatch,
  updateListMetadata,
} from "../../db/queries/lists.ts";
import type { Identity } from "../../identity/identity.ts";
import {
  LIST_DESCRIPTION_MAX,
  LIST_ID_PATTERN,
  LIST_NAME_MAX,
  MAX_LISTS_PER_USER,
  MAX_PERFORMERS_PER_LIST,
  newListId,
} from "../../lists/list-rules.ts";
import { modelNameParam } from "../../site/performer-name.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { authenticate, authenticateIfSent } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { requirePerformer } from "../api/performers.ts";

/** Control characters out, runs of spaces as one, trimmed: lists are shown as plain text. */
const plainText = (max: number, what: string) =>
  z
    .string({ error: `expected ${what}` })
    .transform((t) =>
      t
        .replace(/\p{Cc}/gu, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .pipe(z.string().max(max, `expected ${what} of at most ${max} characters`));
const name = plainText(LIST_NAME_MAX, "a name").pipe(z.string().min(1, "expected a name"));
const description = plainText(LIST_DESCRIPTION_MAX, "a description");
export const listIdParam = z
  .string({ error: "expected a list id" })
  .regex(LIST_ID_PATTERN, "expected a list id");

const createBody = z.object({
  name,
  description: description.default(""),
  isPublic: z.boolean().default(false),
});
const metadataBody = z.object({
  listId: listIdParam,
  name,
  description: description.default(""),
  isPublic: z.boolean(),
});
const performerBody = z.object({ listId: listIdParam, performerName: modelNameParam });
const listBody = z.object({ listId: listIdParam });
const watchBody = z.object({ listId: listIdParam, watch: z.boolean() });
const idParams = z.object({ id: listIdParam });

export const LIST_NOT_FOUND = "No such list (or it is not yours to see).";
export const TOO_MANY_LISTS = `You have ${MAX_LISTS_PER_USER} lists, the most an account may keep. Delete one first.`;
export const LIST_FULL = `This list holds ${MAX_PERFORMERS_PER_LIST} performers, the most a list may. Remove one first.`;

/** A change's outcome as the API answers it: another's private list is a 404, as an unknown one. */
function check(change: ListChange): void {
  if (change === "not-found") throw new ApiError(404, "list_not_found", LIST_NOT_FOUND);
  if (change === "limit") throw new ApiError(409, "limit_reached", LIST_FULL);
}

/**
 * Model lists (SPEC §7, issue 18, decision 0020): the authenticated calls in the one order
 * (validate, authenticate, authorize by owner inside each query, query, respond), and GET
 * /v1/lists/{id}, a public list to anyone and a private one to its owner only.
 */
export function registerLists(app: FastifyInstance, db: Db, identity: Identity): void {
  const owned = async (userId: string, id: string) => {
    const list = await listById(db, id);
    if (list === undefined || list.userId !== userId)
      throw new ApiError(404, "list_not_found", LIST_NOT_FOUND);
    return listView(list);
  };
  const noStore = { "cache-control": "private, no-store" };

  app.post("/v1/list_create", async (request, reply) => {
    const body = parseInput(createBody, request.body);
    const caller = await authenticate(request, identity);
    const id = newListId();
    const change = await createList(db, caller.userId, { listId: id, ...body }, MAX_LISTS_PER_USER);
    if (change === "limit") throw new ApiError(409, "limit_reached", TOO_MANY_LISTS);
    check(change);
    return reply
      .code(201)
      .headers(noStore)
      .send(await owned(caller.userId, id));
  });

  app.post("/v1/list_update_metadata", async (request, reply) => {
    const body = parseInput(metadataBody, request.body);
    const caller = await authenticate(request, identity);
    check(await updateListMetadata(db, caller.userId, body));
    return reply.headers(noStore).send(await owned(caller.userId, body.listId));
  });

  app.post("/v1/list_add_performer", async (request, reply) => {
    const body = parseInput(performerBody, request.body);
    const caller = await authenticate(request, identity);
    const performer = await requirePerformer(db, body.performerName);
    check(
      await addListPerformer(db, caller.userId, body.listId, performer.performerId, MAX_PERFORMERS_PER_LIST),
    );
    return reply.headers(noStore).send(await owned(caller.userId, body.listId));
  });

  app.post("/v1/list_remove_performer", async (request, reply) => {
    const body = parseInput(performerBody, request.body);
    const caller = await authenticate(request, identity);
    const performer = await requirePerformer(db, body.performerName);
    check(await removeListPerformer(db, caller.userId, body.listId, performer.performerId));
    return reply.headers(noStore).send(await owned(caller.userId, body.listId));
  });

  app.post("/v1/list_delete", async (request, reply) => {
    const body = parseInput(listBody, request.body);
    const caller = await authenticate(request, identity);
    check(await deleteList(db, caller.userId, body.listId));
    return reply.code(204).headers(noStore).send();
  });

  app.post("/v1/list_watch", async (request, reply) => {
    const body = parseInput(watchBody, request.body);
    const caller = await authenticate(request, identity);
    check(await setListWatch(db, caller.userId, body.listId, body.watch));
    return reply.headers(noStore).send({ listId: body.listId, watching: body.watch });
  });

  app.get("/v1/owned_lists", async (request, reply) => {
    const caller = await authenticate(request, identity);
    return reply.headers(noStore).send((await ownedLists(db, caller.userId)).map(listView));
  });

  app.get("/v1/lists/:id", async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const caller = await authenticateIfSent(request, reply, identity);
    const list = await listById(db, id);
    const mine = list !== undefined && caller !== null && list.userId === caller.userId;
    if (list === undefined || (!list.isPublic && !mine))
      throw new ApiError(404, "list_not_found", LIST_NOT_FOUND);
    // A public list is the same for everyone, but it changes whenever its owner edits it.
    return reply
      .header("cache-control", mine || !list.isPublic ? "private, no-store" : "public, max-age=60")
      .send(listView(list));
  });
}

/** A list as the calls answer it, for the API document. */
export const LIST_SHAPE = "{ listId, name, description, isPublic, performers (usernames), image }";

export const LIST_DOCS: RouteDoc[] = [
  {
    method: "post",
    path: "/v1/list_create",
    summary: `Create a list (Bearer); at most ${MAX_LISTS_PER_USER} a user`,
    body: createBody,
    responses: {
      "201": LIST_SHAPE,
      "400": "a bad name or description",
      "401": "no valid identity token",
      "409": "the user has the most lists allowed",
    },
  },
  {
    method: "post",
    path: "/v1/list_update_metadata",
    summary: "Rename, describe, publish or hide an owned list (Bearer)",
    body: metadataBody,
    responses: { "200": LIST_SHAPE, "401": "no valid identity token", "404": "no such list of the caller's" },
  },
  {
    method: "post",
    path: "/v1/list_add_performer",
    summary: `Add a performer to an owned list, which the owner then watches (Bearer); at most ${MAX_PERFORMERS_PER_LIST} a list`,
    body: performerBody,
    responses: {
      "200": LIST_SHAPE,
      "401": "no valid identity token",
      "404": "no such list of the caller's, or an unknown performer",
      "409": "the list is full",
    },
  },
  {
    method: "post",
    path: "/v1/list_remove_performer",
    summary: "Remove a performer from an owned list (Bearer)",
    body: performerBody,
    responses: {
      "200": LIST_SHAPE,
      "401": "no valid identity token",
      "404": "no such list of the caller's, or an unknown performer",
    },
  },
  {
    method: "post",
    path: "/v1/list_delete",
    summary: "Delete an owned list (Bearer)",
    body: listBody,
    responses: { "204": "deleted", "401": "no valid identity token", "404": "no such list of the caller's" },
  },
  {
    method: "post",
    path: "/v1/list_watch",
    summary: "Watch or stop watching a list the caller may see: their own, or a public one (Bearer)",
    body: watchBody,
    responses: {
      "200": "{ listId, watching }",
      "401": "no valid identity token",
      "404": "no such list the caller may see",
    },
  },
  {
    method: "get",
    path: "/v1/owned_lists",
    summary: "The caller's lists, newest changed first (Bearer)",
    responses: { "200": `[${LIST_SHAPE}]`, "401": "no valid identity token" },
  },
  {
    method: "get",
    path: "/v1/lists/{id}",
    summary: "A list: a public one to anyone, a private one to its owner only (404 to anyone else)",
    params: idParams,
    responses: { "200": LIST_SHAPE, "404": "no such list, or not one the caller may see" },
  },
];
