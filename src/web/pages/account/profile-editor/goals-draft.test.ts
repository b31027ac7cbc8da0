import { describe, expect, it } from "vitest";
import {
  GOAL_TEXT_MISSING,
  GOAL_TEXT_TOO_LONG,
  GOAL_TOKENS_INVALID,
  goalsOfRows,
  rowsOfGoals,
  TOO_MANY_GOALS,
} from "./goals-draft.ts";

describe("the goals form", () => {
  it("trims the text and reads the tokens, empty being none", () => {
    expect(
      goalsOfRows([
        { id: 1, text: "  New lights ", tokens: "5,000" },
        { id: 2, text: "Trip to Lisbon", tokens: "" },
      ]),
    ).toEqual({
      ok: true,
      goals: [
        { text: "New lights", tokens: 5000 },
        { text: "Trip to Lisbon", tokens: null },
      ],
    });
  });

  it("names each row's problem", () => {
    const answer = goalsOfRows([
      { id: 1, text: " ", tokens: "" },
      { id: 2, text: "x".repeat(121), tokens: "" },
      { id: 3, text: "Ok", tokens: "0" },
      { id: 4, text: "Ok", tokens: "12.5e3x" },
      { id: 5, text: "Ok", tokens: "10000001" },
    ]);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect([...answer.rowProblems]).toEqual([
      [1, GOAL_TEXT_MISSING],
      [2, GOAL_TEXT_TOO_LONG],
      [3, GOAL_TOKENS_INVALID],
      [4, GOAL_TOKENS_INVALID],
      [5, GOAL_TOKENS_INVALID],
    ]);
  });

  it("takes at most five goals, and gives the stored ones back as rows", () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, text: `Goal ${i}`, tokens: "" }));
    expect(goalsOfRows(six)).toEqual({ ok: false, rowProblems: new Map(), problem: TOO_MANY_GOALS });
    expect(rowsOfGoals([{ text: "A", tokens: 10 }])).toEqual([{ id: 1, text: "A", tokens: "10" }]);
  });
});
