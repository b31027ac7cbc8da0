import { describe, expect, it } from "vitest";
import { TOKENS_MESSAGE } from "../../../site/bingo/card.ts";
import { defaultCard, FREE_TEXT } from "../../../site/bingo/common-actions.ts";
import { checkDraft, draftOf, previewOf, resized, withFreeCentre } from "./card-draft.ts";

/** The editor's draft: half-typed prices, resizing, the free centre. */
describe("a card draft", () => {
  const card = defaultCard([], 5);

  it("gives back the card it was made from", () => {
    expect(checkDraft(draftOf(card))).toEqual({ card, problem: null });
  });

  it("reads a price field: empty is none, anything but digits is the model's sentence", () => {
    const draft = draftOf(card);
    draft.cells[0] = { text: "Dance", tokens: " " };
    expect(checkDraft(draft).card?.cells[0]).toEqual({ text: "Dance", tokens: null });
    draft.cells[0] = { text: "Dance", tokens: "12a" };
    expect(checkDraft(draft)).toEqual({ card: null, problem: `Square 1: ${TOKENS_MESSAGE}` });
    // The preview still draws it, without the price.
    expect(previewOf(draft).cells[0]).toEqual({ text: "Dance", tokens: null });
  });

  it("keeps the squares in order when resized, the free one in the centre", () => {
    const draft = draftOf(card);
    const small = resized(draft, 3, []);
    expect(small.cells).toHaveLength(9);
    expect(small.freeCentre).toBe(true);
    expect(small.cells[4]).toEqual({ text: FREE_TEXT, tokens: "" });
    expect(small.cells.slice(0, 4)).toEqual(draft.cells.slice(0, 4));
    // Even sizes have no centre: the FREE square goes, the card still holds.
    const even = resized(draft, 4, [{ text: "Oil show", tokens: 200, performers: 5 }]);
    expect(even.freeCentre).toBe(false);
    expect(even.cells.map((c) => c.text)).not.toContain(FREE_TEXT);
    expect(checkDraft(even).problem).toBeNull();
    // Growing adds unused suggestions first.
    const grown = resized(draftOf(defaultCard([], 3)), 5, [
      { text: "Oil show with a long name", tokens: 200, performers: 5 },
    ]);
    expect(grown.cells).toHaveLength(25);
    expect(grown.cells.map((c) => c.text)).toContain("Oil show with a long name");
    expect(new Set(grown.cells.map((c) => c.text)).size).toBe(25);
    expect(checkDraft(grown).problem).toBeNull();
  });

  it("makes the centre free, or plays it again", () => {
    const plain = withFreeCentre(draftOf(card), false);
    expect(plain.freeCentre).toBe(false);
    expect(withFreeCentre(plain, true).cells[12]).toEqual({ text: FREE_TEXT, tokens: "" });
    expect(withFreeCentre(draftOf(defaultCard([], 4)), true).freeCentre).toBe(false);
  });
});
