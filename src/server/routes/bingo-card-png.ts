import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { namedCache } from "../../cache/named-cache.ts";
import { renderCardPng } from "../../images/bingo-card-png.ts";
import { CARD_CODE_MAX, decodeCard, encodeCard } from "../../site/bingo/card-link.ts";
import { DEFAULT_ROOM_SIZE, isRoomSize, ROOM_SIZE_NAMES } from "../../site/bingo/card-style.ts";
import { BINGO_PNG_PATH, cardFileName } from "../../site/bingo/card-urls.ts";
import { ApiError, parseInput } from "../api/api-error.ts";

/**
 * New drawings a minute from one address: a person downloads a few; the page's preview draws none.
 * Counted in a window of its own, and only when a card is drawn: an image already drawn costs
 * nothing, and ordinary browsing never spends it (issue 28).
 */
export const BINGO_PNG_PER_MINUTE = 30;
export const tooManyDrawings = (seconds: number) =>
  `You made ${BINGO_PNG_PER_MINUTE} new card images in a minute. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;
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
 * Drawing costs time, so a drawing has a tighter limit of its own beside the pages' (rate-limit.ts),
 * in the same store (every server process counts together); over it, a 429 in the API's one error
 * shape with Retry-After, which the page turns into a sentence.
 */
export function registerBingoCardPng(app: FastifyInstance): void {
  const cache = namedCache<string, Buffer>({
    name: "bingo-card-pngs",
    key: "the room size and the card's link code",
    bound: { entries: CACHED_PNGS },
    // The bytes depend on the address alone.
    ttlMs: Number.POSITIVE_INFINITY,
  });
  // No limiter without the site's (benchmarks and tests that turn the limits off).
  const drawings = app.hasDecorator("createRateLimit")
    ? app.createRateLimit({
        max: BINGO_PNG_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request) => `${request.ip}|bingo-drawing`,
      })
    : null;
  app.get(BINGO_PNG_PATH, async (request, reply) => {
    const query = parseInput(pngQuery, request.query);
    const decoded = decodeCard(query.card);
    if (!decoded.ok) throw new ApiError(400, "invalid_parameter", `card: ${decoded.message}`, "card");
    const room = query.size !== undefined && isRoomSize(query.size) ? query.size : DEFAULT_ROOM_SIZE;
    const key = `${room}|${encodeCard(decoded.card)}`;
    let png = cache.get(key);
    if (png === undefined) {
      const allowed = drawings === null ? null : await drawings(request);
      if (allowed !== null && !allowed.isAllowed && allowed.isExceeded) {
        reply.header("retry-after", String(allowed.ttlInSeconds));
        throw new ApiError(429, "too_many_drawings", tooManyDrawings(allowed.ttlInSeconds));
      }
      png = await renderCardPng(decoded.card, room);
      cache.set(key, png);
    }
    return reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("content-disposition", `attachment; filename="${cardFileName(decoded.card, room)}"`)
      .type("image/png")
      .send(png);
  });
}
