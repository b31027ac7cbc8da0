import fc from "fast-check";
import {
  type BingoCard,
  CELL_TEXT_MAX,
  cardSchema,
  TITLE_MAX,
  TOKENS_MAX,
} from "../../src/site/bingo/card.ts";

/** Text a card may hold: any graphemes, trimmed, within the limit, no control characters. */
const cardText = (max: number) =>
  fc
    .string({
      unit: fc.oneof(fc.constant(" "), fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 })),
      minLength: 1,
      maxLength: max,
    })
    .map((t) => t.trim())
    .filter((t) => t.length >= 1 && t.length <= max && !/[\p{Cc}\p{Cs}]/u.test(t));

const colour = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, "0")}`);

/** Every card that holds (cardSchema's own output, so equal to what a round trip gives back). */
export const anyCard: fc.Arbitrary<BingoCard> = fc
  .constantFrom(3, 4, 5)
  .chain((size) =>
    fc.record({
      size: fc.constant(size),
      title: cardText(TITLE_MAX),
      cells: fc.array(
        fc.record({
          text: cardText(CELL_TEXT_MAX),
          tokens: fc.option(fc.integer({ min: 1, max: TOKENS_MAX })),
        }),
        { minLength: size * size, maxLength: size * size },
      ),
      freeCentre: size % 2 === 1 ? fc.boolean() : fc.constant(false),
      colours: fc.record({ background: colour, cell: colour, text: colour, accent: colour }),
    }),
  )
  .map((card) => cardSchema.parse(card));
