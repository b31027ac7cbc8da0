import { describe, expect, it } from "vitest";
import {
  CELL_COUNT_MESSAGE,
  CELL_TEXT_MESSAGE,
  COLOUR_MESSAGE,
  cardProblem,
  cardSchema,
  centreIndex,
  FREE_CENTRE_MESSAGE,
  TITLE_MESSAGE,
  TOKENS_MESSAGE,
  UNPRINTABLE_MESSAGE,
} from "./card.ts";
import { asCellText, BUILT_IN_ACTIONS, DEFAULT_TITLE, defaultCard, FREE_TEXT } from "./common-actions.ts";

/** The card model (issue 20): what a card may hold, and the sentence saying what does not. */
describe("a bingo card", () => {
  const card = defaultCard([]);

  it("starts from the built-in actions: 5 × 5 with a free centre, every square valid", () => {
    expect(card.size).toBe(5);
    expect(card.title).toBe(DEFAULT_TITLE);
    expect(card.cells[12]).toEqual({ text: FREE_TEXT, tokens: null });
    expect(card.cells[0]).toEqual({ text: BUILT_IN_ACTIONS[0]?.text, tokens: BUILT_IN_ACTIONS[0]?.tokens });
    expect(cardProblem(card)).toBeNull();
    for (const size of [3, 4] as const) expect(cardProblem(defaultCard([], size))).toBeNull();
    expect(defaultCard([], 4).freeCentre).toBe(false);
  });

  it("puts the data's suggestions first, each cut to what a square holds", () => {
    const long = "x".repeat(100);
    const from = defaultCard([{ text: `  oil\nshow ${long}`, tokens: 250, performers: 12 }], 3);
    expect(from.cells[0]).toEqual({ text: `oil show ${long}`.slice(0, 40), tokens: 250 });
    expect(cardProblem(from)).toBeNull();
    expect(asCellText("\u0000\u0001 ")).toBeNull();
    // A character outside the BMP is never halved at the limit.
    expect(asCellText(`${"a".repeat(39)}😀`)).toBe("a".repeat(39));
  });

  it("finds the centre of odd sizes only", () => {
    expect(centreIndex(3)).toBe(4);
    expect(centreIndex(5)).toBe(12);
    expect(centreIndex(4)).toBeNull();
  });

  const problems: Array<[string, unknown, string]> = [
    ["an empty title", { ...card, title: "  " }, TITLE_MESSAGE],
    ["a long title", { ...card, title: "t".repeat(61) }, TITLE_MESSAGE],
    ["a line break", { ...card, title: "a\nb" }, UNPRINTABLE_MESSAGE],
    ["a missing square", { ...card, cells: card.cells.slice(1) }, CELL_COUNT_MESSAGE],
    ["a free centre on 4 × 4", { ...defaultCard([], 4), freeCentre: true }, FREE_CENTRE_MESSAGE],
    ["a bad colour", { ...card, colours: { ...card.colours, text: "red" } }, COLOUR_MESSAGE],
    ["size 6", { ...card, size: 6 }, "A card is 3, 4 or 5 squares wide."],
  ];
  for (const [what, input, message] of problems) {
    it(`refuses ${what}`, () => expect(cardProblem(input)).toBe(message));
  }

  it("names the square at fault", () => {
    const cells = card.cells.map((c, i) => (i === 6 ? { text: "", tokens: 5 } : c));
    expect(cardProblem({ ...card, cells })).toBe(`Square 7: ${CELL_TEXT_MESSAGE}`);
    const priced = card.cells.map((c, i) => (i === 2 ? { text: "a", tokens: 0 } : c));
    expect(cardProblem({ ...card, cells: priced })).toBe(`Square 3: ${TOKENS_MESSAGE}`);
    const fraction = card.cells.map((c, i) => (i === 2 ? { text: "a", tokens: 1.5 } : c));
    expect(cardProblem({ ...card, cells: fraction })).toBe(`Square 3: ${TOKENS_MESSAGE}`);
  });

  it("trims text and lowers colours", () => {
    const parsed = cardSchema.parse({
      ...card,
      title: "  Hi  ",
      colours: { ...card.colours, cell: "#ABCDEF" },
    });
    expect(parsed.title).toBe("Hi");
    expect(parsed.colours.cell).toBe("#abcdef");
  });
});
