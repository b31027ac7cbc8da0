import { Resvg } from "@resvg/resvg-js";
import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ROOM_SIZE_NAMES, ROOM_SIZES } from "../site/bingo/card-style.ts";
import { CARD_FONT_FAMILY, cardSvg, escapeXml } from "../site/bingo/card-svg.ts";
import { defaultCard } from "../site/bingo/common-actions.ts";
import { GLYPH_WIDTH_FIRST, GLYPH_WIDTHS, textWidth } from "../site/bingo/glyph-widths.ts";
import { CARD_FONT_FILE, renderCardPng } from "./bingo-card-png.ts";

/** The bingo card's PNG: a real image of the room size, the same bytes every time, text that fits. */
describe("the bingo card PNG", () => {
  const card = defaultCard([]);

  it("is a PNG of each room size", async () => {
    for (const room of ROOM_SIZE_NAMES) {
      const png = await renderCardPng(card, room);
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe("png");
      expect({ width: meta.width, height: meta.height }).toEqual({
        width: ROOM_SIZES[room].width,
        height: ROOM_SIZES[room].height,
      });
    }
  });

  it("gives the same bytes for the same card", async () => {
    const [a, b] = await Promise.all([renderCardPng(card, "square"), renderCardPng(card, "square")]);
    expect(a.equals(b)).toBe(true);
    const other = await renderCardPng({ ...card, title: "Other" }, "square");
    expect(a.equals(other)).toBe(false);
  });

  it("draws the card's text, escaped, as text of the document and nothing else", () => {
    const hostile = { ...card, title: `</text><script>alert(1)</script>&"'` };
    const svg = cardSvg(hostile, "square");
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;/text&gt;&lt;script&gt;");
    expect(escapeXml("\uFFFE&")).toBe("\uFFFD&amp;");
    expect(() => new Resvg(svg, { font: { loadSystemFonts: false } })).not.toThrow();
  });

  const measure = (text: string, size: number) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="200"><text x="0" y="100" font-family="${CARD_FONT_FAMILY}" font-weight="bold" font-size="${size}">${escapeXml(text)}</text></svg>`;
    const box = new Resvg(svg, {
      font: { fontFiles: [CARD_FONT_FILE], loadSystemFonts: false, defaultFontFamily: CARD_FONT_FAMILY },
    }).getBBox();
    return box === undefined ? 0 : box.x + box.width;
  };

  // The ink may pass the last advance by a glyph's overhang (the apostrophe of ľ, the caron of ď, up
  // to 0.14 em): 0.15 em is allowed, which the cell's padding (7% of the cell) holds at any size drawn.
  it("measures text never narrower than the font draws it (glyph-widths.ts is the font's)", () => {
    const table = GLYPH_WIDTHS.flatMap((w, i) =>
      w < 0 ? [] : [String.fromCodePoint(GLYPH_WIDTH_FIRST + i)],
    );
    expect(measure(table.join(""), 100)).toBeLessThanOrEqual(textWidth(table.join("")) * 100 + 15);
    // Every glyph alone, so the one with the widest overhang is always tried, not by chance.
    const over = table.filter((c) => measure(c, 50) > textWidth(c) * 50 + 7.5);
    expect(over).toEqual([]);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...table), { minLength: 1, maxLength: 30 }), (chars) => {
        const text = chars.join("");
        expect(measure(text, 50)).toBeLessThanOrEqual(textWidth(text) * 50 + 7.5);
      }),
      { numRuns: 60 },
    );
  });
});
