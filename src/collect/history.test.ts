import { describe, expect, it } from "vitest";
import { HISTORY_TIERS, historyInstants } from "./history.ts";

const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 21, 13, 7, 30);

describe("historyInstants", () => {
  const instants = historyInstants(END - 35 * DAY, END);

  it("covers the 35 days oldest first, never after the end", () => {
    expect(instants.every((t, i) => i === 0 || t > (instants[i - 1] as number))).toBe(true);
    expect(instants[0]).toBeGreaterThan(END - 35 * DAY);
    expect(instants[0]).toBeLessThan(END - 35 * DAY + 2 * 3600_000);
    expect(instants.at(-1)).toBeLessThanOrEqual(END);
    expect(END - (instants.at(-1) as number)).toBeLessThan(5 * 60_000);
  });

  it("polls the newest day every 5 minutes and older days more sparsely, tier by tier", () => {
    const gapsByAge = (fromDays: number, toDays: number) => {
      const gaps = new Set<number>();
      instants.forEach((t, i) => {
        const age = END - t;
        if (i > 0 && age >= fromDays * DAY && age < toDays * DAY)
          gaps.add((t - (instants[i - 1] as number)) / 60_000);
      });
      return [...gaps];
    };
    expect(HISTORY_TIERS.map((t) => t.everyMinutes)).toEqual([5, 40, 100]);
    expect(gapsByAge(0, 0.99)).toEqual([5]);
    expect(gapsByAge(1.1, 6.9)).toEqual([40]);
    expect(gapsByAge(7.1, 35)).toEqual([100]);
  });

  it("samples every hour of every weekday", () => {
    const seen = new Set(instants.map((t) => `${new Date(t).getUTCDay()}-${new Date(t).getUTCHours()}`));
    expect(seen.size).toBe(7 * 24);
  });

  it("is the same whenever it is asked: a resumed build continues on the same instants", () => {
    const resumeFrom = instants[400] as number;
    expect(historyInstants(resumeFrom, END)).toEqual(instants.slice(401));
  });
});
