import { type BingoCard, type BingoCell, type CardSize, CELL_TEXT_MAX, centreIndex } from "./card.ts";
import { DEFAULT_COLOURS } from "./card-style.ts";

/** An action to put on a card, with the price it starts at. */
export interface BingoSuggestion {
  text: string;
  tokens: number;
  /** How many performers asked for it (the bingo data file); null for the built-in list. */
  performers: number | null;
}

/**
 * Common room actions with starting prices, for when the bingo data file has nothing yet (a new
 * site, before any goal was seen in a room subject). Not data: a starting point the page presents as
 * such, ordered roughly cheapest first as performers build cards.
 */
export const BUILT_IN_ACTIONS: readonly BingoSuggestion[] = [
  ["Blow a kiss", 10],
  ["Say your name", 15],
  ["Wink", 15],
  ["Flash a smile", 20],
  ["Spin around", 25],
  ["Song request", 30],
  ["Pick my outfit", 50],
  ["Dance", 50],
  ["Flex", 50],
  ["Tongue out", 25],
  ["Hair down", 40],
  ["Sexy pose", 60],
  ["Lick lips", 35],
  ["Feet", 60],
  ["Twerk", 75],
  ["Oil show", 200],
  ["Striptease", 300],
  ["Lingerie", 150],
  ["Heels on", 80],
  ["Ahegao", 90],
  ["Spank", 44],
  ["Control toy 1 min", 100],
  ["Cam to cam", 120],
  ["PVT", 500],
  ["Snap for life", 999],
  ["Roll the dice", 33],
  ["Shower show", 400],
  ["Truth or dare", 70],
].map(([text, tokens]) => ({ text: text as string, tokens: tokens as number, performers: null }));

export const DEFAULT_SIZE: CardSize = 5;
export const DEFAULT_TITLE = "Tip bingo";
export const FREE_TEXT = "FREE";

/**
 * A text as a square can hold it (an item of the data file is up to 120 characters as written):
 * control characters as spaces, spaces collapsed, cut at 40 without halving a character; null when
 * nothing is left.
 */
export function asCellText(text: string): string | null {
  const clean = text
    .replace(/[\p{Cc}\p{Cs}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  let cut = "";
  for (const char of clean) {
    if (cut.length + char.length > CELL_TEXT_MAX) break;
    cut += char;
  }
  cut = cut.trim();
  return cut === "" ? null : cut;
}

/** A card of `size` filled in order from the suggestions (the built-in list when they run out). */
export function defaultCard(
  suggestions: readonly BingoSuggestion[],
  size: CardSize = DEFAULT_SIZE,
): BingoCard {
  const centre = centreIndex(size);
  const usable = suggestions.flatMap((s) => {
    const text = asCellText(s.text);
    return text === null ? [] : [{ ...s, text }];
  });
  const pool = [...usable, ...BUILT_IN_ACTIONS.filter((a) => !usable.some((s) => s.text === a.text))];
  const cells: BingoCell[] = [];
  let next = 0;
  for (let i = 0; i < size * size; i++) {
    if (i === centre) {
      cells.push({ text: FREE_TEXT, tokens: null });
      continue;
    }
    const action = pool[next++ % pool.length] ?? { text: "Tip", tokens: 10 };
    cells.push({ text: action.text, tokens: action.tokens });
  }
  return { size, title: DEFAULT_TITLE, cells, freeCentre: centre !== null, colours: DEFAULT_COLOURS };
}
