import { createRequire } from "node:module";
import { renderAsync } from "@resvg/resvg-js";
import type { BingoCard } from "../site/bingo/card.ts";
import type { RoomSize } from "../site/bingo/card-style.ts";
import { CARD_FONT_FAMILY, cardSvg } from "../site/bingo/card-svg.ts";

/**
 * The bingo card as a PNG (issue 20): its SVG (src/site/bingo/card-svg.ts) drawn by resvg with the
 * one font file shipped in the dejavu-fonts-ttf package and no system fonts, so the same card gives
 * the same bytes on any machine (the address can be cached for good). resvg's own renderer runs off
 * the event loop (renderAsync), so a large image does not hold other requests up.
 */
export const CARD_FONT_FILE = createRequire(import.meta.url).resolve(
  "dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf",
);

export async function renderCardPng(card: BingoCard, room: RoomSize): Promise<Buffer> {
  const image = await renderAsync(cardSvg(card, room), {
    font: { fontFiles: [CARD_FONT_FILE], loadSystemFonts: false, defaultFontFamily: CARD_FONT_FAMILY },
    logLevel: "off",
  });
  return image.asPng();
}
