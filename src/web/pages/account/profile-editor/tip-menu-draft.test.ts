import { describe, expect, it } from "vitest";
import {
  rowsOfTipMenu,
  TIP_ITEM_MISSING,
  TIP_ITEM_NO_WORDS,
  TIP_ITEM_TOO_LONG,
  TIP_TOKENS_INVALID,
  TOO_MANY_TIP_LINES,
  tipMenuOfRows,
} from "./tip-menu-draft.ts";

describe("the tip menu form", () => {
  it("trims each item, reads the tokens, and drops wholly empty rows", () => {
    expect(
      tipMenuOfRows([
        { id: 1, item: "  Oil   show ", tokens: "1,000" },
        { id: 2, item: "", tokens: " " },
        { id: 3, item: "PM", tokens: "25" },
      ]),
    ).toEqual({
      ok: true,
      lines: [
        { item: "Oil show", tokens: 1000 },
        { item: "PM", tokens: 25 },
      ],
    });
    expect(rowsOfTipMenu([{ item: "PM", tokens: 25 }])).toEqual([{ id: 1, item: "PM", tokens: "25" }]);
  });

  it("names each row's problem", () => {
    const answer = tipMenuOfRows([
      { id: 1, item: "", tokens: "5" },
      { id: 2, item: "x".repeat(121), tokens: "5" },
      { id: 3, item: "💕!", tokens: "5" },
      { id: 4, item: "dance", tokens: "" },
      { id: 5, item: "dance", tokens: "0" },
      { id: 6, item: "dance", tokens: "1000001" },
      { id: 7, item: "dance", tokens: "2.5k" },
    ]);
    expect(answer).toEqual({
      ok: false,
      problem: null,
      rowProblems: new Map([
        [1, TIP_ITEM_MISSING],
        [2, TIP_ITEM_TOO_LONG],
        [3, TIP_ITEM_NO_WORDS],
        [4, TIP_TOKENS_INVALID],
        [5, TIP_TOKENS_INVALID],
        [6, TIP_TOKENS_INVALID],
        [7, TIP_TOKENS_INVALID],
      ]),
    });
  });

  it("takes at most 40 lines", () => {
    const rows = Array.from({ length: 41 }, (_, i) => ({ id: i + 1, item: `item ${i}`, tokens: "10" }));
    expect(tipMenuOfRows(rows)).toEqual({ ok: false, rowProblems: new Map(), problem: TOO_MANY_TIP_LINES });
  });
});
