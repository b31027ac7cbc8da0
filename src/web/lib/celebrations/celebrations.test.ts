import { describe, expect, it } from "vitest";
import {
  byDay,
  type Celebration,
  celebrationsPath,
  celebrationText,
  firstOfEachKind,
  readKindParam,
} from "./celebrations.ts";

describe("celebrations", () => {
  it("writes what a performer reached", () => {
    expect(celebrationText({ day: "2026-11-20", username: "a", kind: "followers", value: 10_000 })).toBe(
      "reached 10,000 followers",
    );
    expect(celebrationText({ day: "2026-11-20", username: "a", kind: "viewers", value: 1_000_000 })).toBe(
      "reached 1,000,000 viewers",
    );
    expect(
      celebrationText({ day: "2026-11-20", username: "a", kind: "rank", value: 10, badge: "Top 10" }),
    ).toBe("in the Top 10 for the first time");
  });

  it("reads ?kind: absent is all, one known kind once, anything else is no page", () => {
    expect(readKindParam(new URLSearchParams(""))).toBeNull();
    expect(readKindParam(new URLSearchParams("kind=followers"))).toBe("followers");
    expect(readKindParam(new URLSearchParams("kind=rank"))).toBe("rank");
    for (const bad of ["kind=", "kind=Followers", "kind=badges", "kind=rank&kind=viewers"])
      expect(readKindParam(new URLSearchParams(bad)), bad).toBeUndefined();
    expect(celebrationsPath(null)).toBe("/celebrations");
    expect(celebrationsPath("viewers")).toBe("/celebrations?kind=viewers");
  });

  it("groups by day, newest first, keeping each day's order", () => {
    const c = (day: string, username: string): Celebration => ({
      day,
      username,
      kind: "viewers",
      value: 1000,
    });
    const groups = byDay([
      c("2026-11-18", "x"),
      c("2026-11-20", "b"),
      c("2026-11-18", "a"),
      c("2026-11-20", "a"),
    ]);
    expect(groups.map((g) => [g.day, g.items.map((i) => i.username)])).toEqual([
      ["2026-11-20", ["b", "a"]],
      ["2026-11-18", ["x", "a"]],
    ]);
  });
});

describe("a day's first entries of each kind (issue 28)", () => {
  const of = (kind: string, n: number) => Array.from({ length: n }, (_, i) => ({ kind, i }));
  it("takes the kinds in turn up to the limit, each in its order, the kinds in theirs", () => {
    const items = [...of("followers", 50), ...of("rank", 3), ...of("viewers", 10)];
    const first = firstOfEachKind(items, 12);
    expect(first.map((c) => `${c.kind}${c.i}`)).toEqual([
      "followers0",
      "followers1",
      "followers2",
      "followers3",
      "followers4",
      "rank0",
      "rank1",
      "rank2",
      "viewers0",
      "viewers1",
      "viewers2",
      "viewers3",
    ]);
    expect(firstOfEachKind(items, 100)).toEqual(items);
    expect(firstOfEachKind(of("rank", 5), 2)).toEqual(of("rank", 2));
    expect(firstOfEachKind([], 40)).toEqual([]);
  });
});
