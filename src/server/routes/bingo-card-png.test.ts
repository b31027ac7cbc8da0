import fc from "fast-check";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { NO_DATABASE, testApp } from "../../../tests/helpers/api.ts";
import { anyCard } from "../../../tests/helpers/bingo-cards.ts";
import { CODE_UNREADABLE_MESSAGE, encodeCard } from "../../site/bingo/card-link.ts";
import { ROOM_SIZES } from "../../site/bingo/card-style.ts";
import { cardPngPath } from "../../site/bingo/card-urls.ts";
import { defaultCard } from "../../site/bingo/common-actions.ts";
import { RateWindows } from "../rate-windows.ts";
import { answerRateRequest, type RateChannel, sharedRateLimitStore } from "../shared-rate-limit.ts";
import { BINGO_PNG_PER_MINUTE, ROOM_SIZE_MESSAGE, tooManyDrawings } from "./bingo-card-png.ts";

/** GET /bingo-card-creator/card.png: a card's link code drawn as a PNG download. */
describe("the bingo card PNG address", () => {
  const app = testApp(NO_DATABASE);
  afterAll(() => app.close());
  const card = { ...defaultCard([]), title: "Friday <b>bingo</b> ★" };
  const get = (url: string) => app.inject({ method: "GET", url });

  it("draws the card at the room size, as a download cached for good", async () => {
    for (const room of ["square", "overlay"] as const) {
      const response = await get(cardPngPath(card, room));
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/png");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="bingo-friday-b-bingo-b-${room}.png"`,
      );
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        "png",
        ROOM_SIZES[room].width,
        ROOM_SIZES[room].height,
      ]);
    }
  });

  it("gives the same bytes for the same card, drawn or kept", async () => {
    const first = await get(cardPngPath(card, "portrait"));
    const again = await get(cardPngPath(card, "portrait"));
    const fresh = testApp(NO_DATABASE);
    const elsewhere = await fresh.inject({ method: "GET", url: cardPngPath(card, "portrait") });
    await fresh.close();
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(elsewhere.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it("is square without a size", async () => {
    const response = await get(`/bingo-card-creator/card.png?card=${encodeCard(card)}`);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(800);
  });

  it("refuses a bad code or size with the API's 400 and its sentence", async () => {
    const bad = await get("/bingo-card-creator/card.png?card=%3Cscript%3E");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: {
        status: 400,
        code: "invalid_parameter",
        parameter: "card",
        message: `card: ${CODE_UNREADABLE_MESSAGE}`,
      },
    });
    const size = await get(`/bingo-card-creator/card.png?card=${encodeCard(card)}&size=huge`);
    expect(size.statusCode).toBe(400);
    expect(size.json().error.message).toBe(`size: ${ROOM_SIZE_MESSAGE}`);
    expect((await get("/bingo-card-creator/card.png")).statusCode).toBe(400);
    expect((await get(`/bingo-card-creator/card.png?card=a&card=b`)).statusCode).toBe(400);
    expect((await get(`/bingo-card-creator/card.png?card=${"A".repeat(7000)}`)).statusCode).toBe(400);
  });

  it("answers any query with a PNG or a 400, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyCard.map(encodeCard), fc.string({ maxLength: 300 }), fc.base64String({ maxLength: 200 })),
        fc.oneof(fc.constant(undefined), fc.constantFrom("square", "overlay"), fc.string({ maxLength: 20 })),
        async (code, size) => {
          const query = `card=${encodeURIComponent(code)}${size === undefined ? "" : `&size=${encodeURIComponent(size)}`}`;
          const response = await get(`/bingo-card-creator/card.png?${query}`);
          expect([200, 400]).toContain(response.statusCode);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("draws at most a few new cards a minute for one address, and says when to try again", async () => {
    const limited = testApp(NO_DATABASE, { rateLimitPerMinute: 600 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < BINGO_PNG_PER_MINUTE; i++) {
        const url = cardPngPath({ ...defaultCard([], 3), title: `Card ${i}` });
        statuses.push((await limited.inject({ method: "GET", url })).statusCode);
      }
      expect(statuses.every((s) => s === 200)).toBe(true);
      const refused = await limited.inject({
        method: "GET",
        url: cardPngPath({ ...defaultCard([], 3), title: "One too many" }),
      });
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers["retry-after"]);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(refused.json()).toEqual({
        error: { status: 429, code: "too_many_drawings", message: tooManyDrawings(wait) },
      });
      // A card already drawn costs nothing: it is served whatever the count.
      const kept = await limited.inject({
        method: "GET",
        url: cardPngPath({ ...defaultCard([], 3), title: "Card 0" }),
      });
      expect(kept.statusCode).toBe(200);
      // The pages' own window is untouched.
      expect((await limited.inject({ method: "GET", url: "/robots.txt" })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("is not spent by browsing, with the server processes' shared limit (issue 28)", async () => {
    const windows = new RateWindows();
    const channel: RateChannel = {
      send: (message) =>
        setImmediate(() => {
          for (const listener of listeners) listener(answerRateRequest(windows, message));
        }),
      onMessage: (listener) => listeners.push(listener),
      onDisconnect: () => {},
    };
    const listeners: ((message: unknown) => void)[] = [];
    const shared = testApp(NO_DATABASE, {
      rateLimitPerMinute: 600,
      rateLimitStore: sharedRateLimitStore(channel),
    });
    try {
      // A visitor's ordinary browsing: more pages and images than drawings allowed in a minute.
      for (let i = 0; i < BINGO_PNG_PER_MINUTE + 10; i++)
        expect((await shared.inject({ method: "GET", url: "/robots.txt" })).statusCode).toBe(200);
      const download = await shared.inject({
        method: "GET",
        url: cardPngPath({ ...defaultCard([], 3), title: "After browsing" }),
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers["content-type"]).toBe("image/png");
    } finally {
      await shared.close();
    }
  });
});
