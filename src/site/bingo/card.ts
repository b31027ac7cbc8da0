// zod's mini build: the same checks for the server and the page, at a fraction of the page's weight.
import * as z from "zod/mini";

/**
 * A bingo card of the bingo card creator (/bingo-card-creator, issue 20): a square of actions a
 * performer's room tips for, each with an optional price in tokens. One model for the page (the
 * editor, the preview), the shareable link, the PNG and the saved cards, so each checks a card the
 * same way.
 */

// In the browser the site's Content-Security-Policy forbids eval, which zod's compiled parsers
// probe for (a blocked probe is a reported violation); the page checks a card without them.
if ("document" in globalThis) z.config({ jitless: true });

export const CARD_SIZES = [3, 4, 5] as const;
export type CardSize = (typeof CARD_SIZES)[number];

export const TITLE_MAX = 60;
export const CELL_TEXT_MAX = 40;
export const TOKENS_MAX = 1_000_000;

/** What a title or a cell cannot hold: control characters (a new line included) and broken UTF-16. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u;

export const TITLE_MESSAGE = `The title needs 1 to ${TITLE_MAX} characters.`;
export const CELL_TEXT_MESSAGE = `Each square needs 1 to ${CELL_TEXT_MAX} characters.`;
export const TOKENS_MESSAGE = `A price is a whole number of tokens from 1 to ${TOKENS_MAX.toLocaleString("en-US")}, or empty.`;
export const UNPRINTABLE_MESSAGE = "Text cannot hold control characters or line breaks.";
export const COLOUR_MESSAGE = "A colour is written #rrggbb.";
export const CELL_COUNT_MESSAGE = "A card of size n has n × n squares.";
export const FREE_CENTRE_MESSAGE = "Only a card of odd size (3 or 5) has a centre square to make free.";

const text = (max: number, message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(max, message),
    z.refine((t) => !UNPRINTABLE.test(t), UNPRINTABLE_MESSAGE),
  );

const colour = z
  .string({ error: COLOUR_MESSAGE })
  .check(z.toLowerCase(), z.regex(/^#[0-9a-f]{6}$/, COLOUR_MESSAGE));

export const cellSchema = z.strictObject({
  text: text(CELL_TEXT_MAX, CELL_TEXT_MESSAGE),
  tokens: z.nullable(
    z
      .int({ error: TOKENS_MESSAGE })
      .check(z.minimum(1, TOKENS_MESSAGE), z.maximum(TOKENS_MAX, TOKENS_MESSAGE)),
  ),
});
export type BingoCell = z.infer<typeof cellSchema>;

export const coloursSchema = z.strictObject({
  background: colour,
  cell: colour,
  text: colour,
  accent: colour,
});
export type CardColours = z.infer<typeof coloursSchema>;

export const cardSchema = z
  .strictObject({
    size: z.union(
      CARD_SIZES.map((s) => z.literal(s)),
      { error: "A card is 3, 4 or 5 squares wide." },
    ),
    title: text(TITLE_MAX, TITLE_MESSAGE),
    cells: z.array(cellSchema).check(z.minLength(9, CELL_COUNT_MESSAGE), z.maxLength(25, CELL_COUNT_MESSAGE)),
    /** The centre square is a free one (odd sizes): drawn in the accent colour, its price not shown. */
    freeCentre: z.boolean(),
    colours: coloursSchema,
  })
  .check(
    z.refine((card) => card.cells.length === card.size * card.size, {
      message: CELL_COUNT_MESSAGE,
      path: ["cells"],
    }),
    z.refine((card) => !card.freeCentre || card.size % 2 === 1, {
      message: FREE_CENTRE_MESSAGE,
      path: ["freeCentre"],
    }),
  );
export type BingoCard = z.infer<typeof cardSchema>;

/** The index of the centre square, or null for an even size. */
export function centreIndex(size: number): number | null {
  return size % 2 === 1 ? (size * size - 1) / 2 : null;
}

/** The first problem of a card that does not hold, as a sentence for the page; null when it holds. */
export function cardProblem(input: unknown): string | null {
  const parsed = cardSchema.safeParse(input);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const cell = issue?.path[0] === "cells" && typeof issue.path[1] === "number" ? issue.path[1] : null;
  const message = issue?.message ?? "This card does not hold.";
  return cell === null ? message : `Square ${cell + 1}: ${message}`;
}
