import { describe, expect, it } from "vitest";
import { estimateText, milestoneRace, nextMilestone, raceEntry } from "./milestone-race.ts";

describe("nextMilestone", () => {
  it("is the smallest milestone above the followers", () => {
    expect(nextMilestone(0)).toBe(1_000);
    expect(nextMilestone(999)).toBe(1_000);
    expect(nextMilestone(1_000)).toBe(2_000);
    expect(nextMilestone(19_999)).toBe(20_000);
    expect(nextMilestone(999_999)).toBe(1_000_000);
  });
  it("is null past the last milestone", () => {
    expect(nextMilestone(1_000_000)).toBeNull();
    expect(nextMilestone(3_000_000)).toBeNull();
  });
});

describe("raceEntry", () => {
  it("needs the followers to the next milestone at the week's pace: needed ÷ (fg ÷ 7)", () => {
    const entry = raceEntry({ u: "a", f: 18_600, fg: 700 });
    expect(entry).toMatchObject({
      nextMilestone: 20_000,
      previousMilestone: 10_000,
      needed: 1_400,
      days: 14,
    });
    expect(entry?.progress).toBeCloseTo(0.86, 10);
  });
  it("starts the bar at 0 below the first milestone", () => {
    expect(raceEntry({ u: "a", f: 250, fg: 70 })).toMatchObject({
      previousMilestone: 0,
      nextMilestone: 1_000,
      needed: 750,
      days: 75,
      progress: 0.25,
    });
  });
  it("leaves out performers without a gain or without a milestone ahead", () => {
    expect(raceEntry({ u: "a", f: 18_600, fg: 0 })).toBeNull();
    expect(raceEntry({ u: "a", f: 18_600, fg: -30 })).toBeNull();
    expect(raceEntry({ u: "a", f: 1_200_000, fg: 5_000 })).toBeNull();
  });
});

describe("milestoneRace", () => {
  it("puts the closest finish first and keeps only runners", () => {
    const race = milestoneRace([
      { u: "slow", f: 1_500, fg: 7 }, // 500 days
      { u: "fast", f: 9_900, fg: 700 }, // 1 day
      { u: "stalled", f: 9_990, fg: 0 },
      { u: "mid", f: 45_000, fg: 3_500 }, // 10 days
    ]);
    expect(race.map((e) => e.u)).toEqual(["fast", "mid", "slow"]);
  });
  it("breaks ties by fewer followers needed, then by name", () => {
    const race = milestoneRace([
      { u: "b", f: 1_000, fg: 7_000 }, // 1,000 needed, 1 day
      { u: "c", f: 1_900, fg: 700 }, // 100 needed, 1 day
      { u: "a", f: 1_000, fg: 7_000 },
    ]);
    expect(race.map((e) => e.u)).toEqual(["c", "a", "b"]);
  });
  it("keeps the 50 closest", () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({ u: `p${i}`, f: 1_500, fg: 10 + i }));
    const race = milestoneRace(rows);
    expect(race).toHaveLength(50);
    expect(race[0]?.u).toBe("p79");
    expect(race.at(-1)?.u).toBe("p30");
  });
});

describe("estimateText", () => {
  it("reads under a day, about 1 day, and whole days rounded up", () => {
    expect(estimateText(0.4)).toBe("under a day");
    expect(estimateText(1)).toBe("about 1 day");
    expect(estimateText(2.1)).toBe("about 3 days");
    expect(estimateText(1234.5)).toBe("about 1,235 days");
  });
});
