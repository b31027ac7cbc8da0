import { describe, expect, it } from "vitest";
import { previousRankMove } from "./previous-rank.ts";

describe("previousRankMove (the ranking table's previous rank, SPEC §2)", () => {
  it("says up, down, the same or new", () => {
    expect(previousRankMove(3, 5)).toEqual({ kind: "up", arrow: "▲", words: "up 2" });
    expect(previousRankMove(5, 3)).toEqual({ kind: "down", arrow: "▼", words: "down 2" });
    expect(previousRankMove(4, 4)).toEqual({ kind: "same", arrow: "=", words: "same rank" });
    expect(previousRankMove(4, null)).toEqual({ kind: "new" });
  });
});
