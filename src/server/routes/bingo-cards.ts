import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { deleteCard, ownsVerifiedPerformer, saveCard, savedCards } from "../../db/queries/bingo-cards.ts";
import type { Identity } from "../../identity/identity.ts";
import { cardSchema } from "../../site/bingo/card.ts";
import { encodeCard } from "../../site/bingo/card-link.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { authenticate } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";

/** Cards one account may keep: a performer's few games, not a store. */
export const MAX_SAVED_CARDS = 20;

export const NOT_VERIFIED_TO_SAVE =
  "Saving cards is for verified performers: prove you are a performer at /claim/{your name} first. You can still download the card and copy its link.";
export const CARD_NOT_FOUND = "No such card (or it is not yours).";
export const TOO_MANY_CARDS = `You have ${MAX_SAVED_CARDS} saved cards, the most an account may keep. Delete one first.`;

const cardId = z.uuid({ error: "expected a card id" });
const saveBody = z.object({ card: cardSchema, id: cardId.optional() });
const deleteBody = z.object({ id: cardId });

/** A saved card as the calls answer it: `code` is its link code (?card=). */
export const SAVED_CARD_SHAPE = "{ id, title, card, code, updatedAt (ISO) }";

function view(row: { id: string; title: string; card: unknown; updatedAt: Date }) {
  const card = cardSchema.parse(row.card);
  return {
    id: row.id,
    title: row.title,
    card,
    code: encodeCard(card),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The bingo cards a verified performer saves (issue 20, decision 0025), in the one order: validate,
 * authenticate, authorize (saving needs a verified performer; every read and change is of the
 * caller's own cards only, another's being a 404 as an unknown one), query, respond.
 */
export function registerBingoCards(app: FastifyInstance, db: Db, identity: Identity): void {
  const noStore = { "cache-control": "private, no-store" };

  app.get("/v1/bingo_cards", async (request, reply) => {
    const caller = await authenticate(request, identity);
    const [verified, rows] = await Promise.all([
      ownsVerifiedPerformer(db, caller.userId),
      savedCards(db, caller.userId),
    ]);
    return reply.headers(noStore).send({ canSave: verified, max: MAX_SAVED_CARDS, cards: rows.map(view) });
  });

  app.post("/v1/bingo_card_save", async (request, reply) => {
    const body = parseInput(saveBody, request.body);
    const caller = await authenticate(request, identity);
    if (!(await ownsVerifiedPerformer(db, caller.userId)))
      throw new ApiError(403, "not_verified", NOT_VERIFIED_TO_SAVE);
    const saved = await saveCard(
      db,
      caller.userId,
      { id: body.id, title: body.card.title, card: body.card },
      MAX_SAVED_CARDS,
    );
    if (saved.kind === "not-found") throw new ApiError(404, "card_not_found", CARD_NOT_FOUND);
    if (saved.kind === "limit") throw new ApiError(409, "limit_reached", TOO_MANY_CARDS);
    const row = (await savedCards(db, caller.userId)).find((r) => r.id === saved.id);
    if (row === undefined) throw new ApiError(404, "card_not_found", CARD_NOT_FOUND);
    return reply
      .code(saved.created ? 201 : 200)
      .headers(noStore)
      .send(view(row));
  });

  app.post("/v1/bingo_card_delete", async (request, reply) => {
    const body = parseInput(deleteBody, request.body);
    const caller = await authenticate(request, identity);
    if (!(await deleteCard(db, caller.userId, body.id)))
      throw new ApiError(404, "card_not_found", CARD_NOT_FOUND);
    return reply.code(204).headers(noStore).send();
  });
}

const refusals = { "401": "no valid identity token" };

export const BINGO_CARD_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/bingo_cards",
    summary: "The caller's saved bingo cards, newest changed first, and whether the caller may save (Bearer)",
    responses: { "200": `{ canSave, max, cards: [${SAVED_CARD_SHAPE}] }`, ...refusals },
  },
  {
    method: "post",
    path: "/v1/bingo_card_save",
    summary: `Save a bingo card, new or over one of the caller's (id); verified performers only, at most ${MAX_SAVED_CARDS} (Bearer)`,
    body: saveBody,
    responses: {
      "200": `${SAVED_CARD_SHAPE} (replaced)`,
      "201": `${SAVED_CARD_SHAPE} (new)`,
      "400": "a card that does not hold, or a bad id",
      ...refusals,
      "403": "not_verified: the account is no performer's verified account",
      "404": "no such card of the caller's",
      "409": "the account has the most cards allowed",
    },
  },
  {
    method: "post",
    path: "/v1/bingo_card_delete",
    summary: "Delete one of the caller's bingo cards (Bearer)",
    body: deleteBody,
    responses: { "204": "deleted", "400": "a bad id", ...refusals, "404": "no such card of the caller's" },
  },
];
