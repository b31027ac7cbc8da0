import type { BingoCard } from "./card.ts";
import { type CardLayout, layoutCard } from "./card-layout.ts";
import type { RoomSize } from "./card-style.ts";

/** The family of the one font the PNG is drawn with (src/images/bingo-card-png.ts loads its file). */
export const CARD_FONT_FAMILY = "DejaVu Sans Condensed";
/** The page's preview asks for the same font, and a narrow one where the browser lacks it. */
export const PREVIEW_FONT_STACK = `'${CARD_FONT_FAMILY}', 'DejaVu Sans', 'Arial Narrow', sans-serif`;

/**
 * Text as XML character data: the markup characters escaped, and the two characters XML cannot hold
 * at all (U+FFFE, U+FFFF; control characters never reach a card) replaced, so no card text can break
 * the document or add to it.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[\uFFFE\uFFFF]/g, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export function layoutSvg(layout: CardLayout, label: string): string {
  const parts = layout.shapes.map((s) =>
    s.kind === "rect"
      ? `<rect x="${s.x}" y="${s.y}" width="${s.width}" height="${s.height}" rx="${s.radius}" fill="${s.fill}"/>`
      : `<text x="${s.x}" y="${s.y}" font-size="${s.size}" fill="${s.fill}">${escapeXml(s.text)}</text>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" role="img">`,
    `<title>${escapeXml(label)}</title>`,
    `<g font-family="${CARD_FONT_FAMILY}" font-weight="bold" text-anchor="middle">`,
    ...parts,
    "</g></svg>",
  ].join("\n");
}

/** The card drawn as an SVG document at a room size: what the server renders to PNG. */
export function cardSvg(card: BingoCard, room: RoomSize): string {
  return layoutSvg(layoutCard(card, room), `Bingo card: ${card.title}`);
}
