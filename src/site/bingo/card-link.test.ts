import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyCard } from "../../../tests/helpers/bingo-cards.ts";
import {
  CARD_CODE_MAX,
  CODE_BAD_CARD_MESSAGE,
  CODE_TOO_LONG_MESSAGE,
  CODE_UNREADABLE_MESSAGE,
  CODE_VERSION_MESSAGE,
  decodeCard,
  encodeCard,
} from "./card-link.ts";
import { defaultCard } from "./common-actions.ts";

/** The card in a link: version 1, compact, strict to read back. */
describe("a card's link code", () => {
  const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64url");

  it("gives back every card that holds, and stays under the cap at the largest", () => {
    fc.assert(
      fc.property(anyCard, (card) => {
        const code = encodeCard(card);
        expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(code.length).toBeLessThanOrEqual(CARD_CODE_MAX);
        expect(decodeCard(code)).toEqual({ ok: true, card });
      }),
      { numRuns: 300 },
    );
    const widest = defaultCard([], 5);
    widest.title = "\u{10FFFF}".repeat(30);
    widest.cells = widest.cells.map(() => ({ text: "\u{10FFFF}".repeat(20), tokens: 1_000_000 }));
    expect(encodeCard(widest).length).toBeLessThan(CARD_CODE_MAX);
    const quotes = { ...widest, cells: widest.cells.map(() => ({ text: "\\".repeat(40), tokens: 999_999 })) };
    expect(encodeCard(quotes).length).toBeLessThan(CARD_CODE_MAX);
  });

  it("is short for a usual card", () => {
    expect(encodeCard(defaultCard([])).length).toBeLessThan(900);
  });

  it("refuses what is not a card's code, each with its sentence", () => {
    expect(decodeCard("x".repeat(CARD_CODE_MAX + 1))).toEqual({ ok: false, message: CODE_TOO_LONG_MESSAGE });
    expect(decodeCard("a+b/")).toEqual({ ok: false, message: CODE_UNREADABLE_MESSAGE });
    expect(decodeCard("abcde")).toEqual({ ok: false, message: CODE_UNREADABLE_MESSAGE });
    expect(decodeCard(base64("{}"))).toEqual({ ok: false, message: CODE_UNREADABLE_MESSAGE });
    expect(decodeCard(base64("[2,3]"))).toEqual({ ok: false, message: CODE_VERSION_MESSAGE });
    expect(decodeCard(Buffer.from([0xff, 0xfe]).toString("base64url"))).toEqual({
      ok: false,
      message: CODE_UNREADABLE_MESSAGE,
    });
    const card = JSON.parse(Buffer.from(encodeCard(defaultCard([], 3)), "base64url").toString()) as unknown[];
    const badCell = [...card];
    badCell[5] = (card[5] as unknown[][]).map((c, i) => (i === 1 ? ["", 3] : c));
    expect(decodeCard(base64(JSON.stringify(badCell)))).toEqual({
      ok: false,
      message: `${CODE_BAD_CARD_MESSAGE}: Square 2: Each square needs 1 to 40 characters.`,
    });
    const extraColour = [...card];
    extraColour[4] = `${card[4]},000000`;
    expect(decodeCard(base64(JSON.stringify(extraColour)))).toEqual({
      ok: false,
      message: CODE_UNREADABLE_MESSAGE,
    });
  });

  it("never throws on any input", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.base64String({ maxLength: 400 }),
          fc.json().map(base64),
          fc
            .array(fc.jsonValue(), { minLength: 6, maxLength: 6 })
            .map((a) => base64(JSON.stringify([1, ...a.slice(1)]))),
        ),
        (code) => {
          const decoded = decodeCard(code);
          if (!decoded.ok) expect(decoded.message.length).toBeGreaterThan(10);
        },
      ),
      { numRuns: 500 },
    );
  });
});
