import { describe, expect, it } from "vitest";
import { SCORE_WEIGHTS, type ScoreDetails, score, scoreParts } from "./score.ts";

const details = (d: Partial<ScoreDetails>): ScoreDetails => ({
  broadcasts: 0,
  best_rank: null,
  most_viewers: 0,
  camTime: 0,
  f: 0,
  fg: 0,
  ...d,
});

describe("score", () => {
  it("gives the worked example of docs/formulas.md", () => {
    const example = details({
      broadcasts: 12,
      best_rank: 37,
      most_viewers: 1234,
      camTime: 2700,
      f: 25_000,
      fg: 850,
    });
    const parts = scoreParts(example);
    expect(parts.viewers).toBeCloseTo(0.65794, 5);
    expect(parts.followers).toBeCloseTo(0.62828, 5);
    expect(parts.growth).toBeCloseTo(0.58599, 5);
    expect(parts.rank).toBeCloseTo(0.60795, 5);
    expect(parts.camTime).toBe(0.375);
    expect(parts.broadcasts).toBe(0.4);
    expect(score(example)).toBe(59.25);
  });

  it.each([
    [details({}), 0],
    [details({ broadcasts: 40, best_rank: 1, most_viewers: 60_000, camTime: 99_999, f: 2e7, fg: 2e5 }), 100],
    [details({ broadcasts: 1, best_rank: 10_000, most_viewers: 9, camTime: 30, f: 100, fg: -5 }), 13.38],
    [
      details({
        broadcasts: 30,
        best_rank: 2,
        most_viewers: 15_000,
        camTime: 7200,
        f: 1_500_000,
        fg: 20_000,
      }),
      90.53,
    ],
  ])("%o scores %d", (d, expected) => {
    expect(score(d)).toBe(expected);
  });

  it("never rewards a loss, an unknown or a rank past 10,000", () => {
    expect(scoreParts(details({ fg: -500 })).growth).toBe(0);
    expect(scoreParts(details({ best_rank: null })).rank).toBe(0);
    expect(scoreParts(details({ best_rank: 25_000 })).rank).toBe(0);
  });

  it("weighs its parts to 100", () => {
    expect(Object.values(SCORE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });
});
