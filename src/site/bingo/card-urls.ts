import type { BingoCard } from "./card.ts";
import { encodeCard } from "./card-link.ts";
import { DEFAULT_ROOM_SIZE, type RoomSize } from "./card-style.ts";

/** The creator's page, and a card's PNG beside it (a Fastify route, not a page). */
export const BINGO_PAGE_PATH = "/bingo-card-creator";
export const BINGO_PNG_PATH = "/bingo-card-creator/card.png";

/** The page showing a card: what "Copy link" copies (with the origin). */
export function cardPagePath(card: BingoCard): string {
  return `${BINGO_PAGE_PATH}?card=${encodeCard(card)}`;
}

export function cardPngPath(card: BingoCard, room: RoomSize = DEFAULT_ROOM_SIZE): string {
  return `${BINGO_PNG_PATH}?card=${encodeCard(card)}&size=${room}`;
}

/** The download's name: the title's letters and digits, so no header or file system trips on it. */
export function cardFileName(card: BingoCard, room: RoomSize): string {
  const slug = card.title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return `bingo-${slug === "" ? "card" : slug}-${room}.png`;
}
