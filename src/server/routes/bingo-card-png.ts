import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { renderCardPng } from "../../images/bingo-card-png.ts";
import { CARD_CODE_MAX, decodeCard, encodeCard } from "../../site/bingo/card-link.ts";
import { DEFAULT_ROOM_SIZE, isRoomSize, ROOM_SIZE_NAMES } from "../../site/bingo/card-style.ts";
import { BINGO_PNG_PATH, cardFileName } from "../../site/bingo/card-urls.ts";
import { ApiError, parseInput } from "../api/api-error.ts";

/** Drawings a minute from one address: a person downloads a few; the page's preview draws none. */
export const BINGO_PNG_PER_MINUTE = 30;
/** PNGs kept in memory (a card's is 50 to 150 kB): a shared card's image is asked for again and again. */
const CACHED_PNGS = 200;

export const ROOM_SIZE_MESSAGE = `expected one of ${ROOM_SIZE_NAMES.join(", ")}`;

const pngQuery = z.object({
  card: z.string({ error: "expected a card code" }).max(CARD_CODE_MAX + 1),
  size: z
    .string()
    .optional()
    .refine((s) => s === undefined || isRoomSize(s), ROOM_SIZE_MESSAGE),
});

/**
 * GET /bingo-card-creator/card.png?card={code}&size={room size}: the card of a link code as a PNG
 * of the room size (src/images/bingo-card-png.ts), as a download. The bytes depend on the address
 * alone, so it is cached for a year by anyone; a bad code is the API's 400 with the link's sentence.
 * Drawing costs time, so it has a tighter limit of its own beside the pages' (rate-limit.ts).
 */
export function registerBingoCardPng(app: FastifyInstance): void {
  const cache = new Map<string, Buffer>();
  app.get(
    BINGO_PNG_PATH,
    { config: { rateLimit: { max: BINGO_PNG_PER_MINUTE, timeWindow: "1 minute" } } },
    async (request, reply) => {
      const query = parseInput(pngQuery, request.query);
      const decoded = decodeCard(query.card);
      if (!decoded.ok) throw new ApiError(400, "invalid_parameter", `card: ${decoded.message}`, "card");
      const room = query.size !== undefined && isRoomSize(query.size) ? query.size : DEFAULT_ROOM_SIZE;
      const key = `${room}|${encodeCard(decoded.card)}`;
      let png = cache.get(key);
      if (png === undefined) {
        png = await renderCardPng(decoded.card, room);
        if (cache.size >= CACHED_PNGS) cache.delete(cache.keys().next().value ?? "");
      } else cache.delete(key);
      cache.set(key, png);
      return reply
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("content-disposition", `attachment; filename="${cardFileName(decoded.card, room)}"`)
        .type("image/png")
        .send(png);
    },
  );
}
