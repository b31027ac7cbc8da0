import { describe, expect, it } from "vitest";
import { byDay, type Celebration, celebrationsPath, celebrationText, readKindParam } from "./celebrations.ts";

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
    ).toBe("Top 10 of the day");
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
