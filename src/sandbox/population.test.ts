import { describe, expect, it } from "vitest";
import { createPopulation } from "./population.ts";

const T = Date.UTC(2026, 10, 10, 1, 0); // a Tuesday, 01:00 UTC: near the daily peak

describe("createPopulation determinism", () => {
  it("gives identical truth for the same seed, size and instant", () => {
    const a = createPopulation({ seed: 42, performers: 3000 });
    const b = createPopulation({ seed: 42, performers: 3000 });
    for (const ms of [T, T + 3_600_000 * 7.5, T + 86_400_000 * 3.2]) {
      expect(JSON.stringify(b.truthAt(ms))).toBe(JSON.stringify(a.truthAt(ms)));
    }
    // The answer does not depend on what was asked before (caches are invisible).
    const fresh = createPopulation({ seed: 42, performers: 3000 });
    expect(JSON.stringify(fresh.truthAt(T + 86_400_000 * 3.2))).toBe(
      JSON.stringify(a.truthAt(T + 86_400_000 * 3.2)),
    );
  });

  it("differs for another seed", () => {
    const a = createPopulation({ seed: 1, performers: 3000 }).truthAt(T);
    const b = createPopulation({ seed: 2, performers: 3000 }).truthAt(T);
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
  });

  it("sorts by viewers desc then username asc, with unique plausible usernames", () => {
    const rooms = createPopulation({ seed: 3, performers: 5000 }).truthAt(T);
    expect(rooms.length).toBeGreaterThan(100);
    for (let k = 1; k < rooms.length; k++) {
      const prev = rooms[k - 1];
      const cur = rooms[k];
      if (prev === undefined || cur === undefined) continue;
      expect(
        prev.viewers > cur.viewers || (prev.viewers === cur.viewers && prev.username < cur.username),
      ).toBe(true);
    }
    expect(new Set(rooms.map((r) => r.username)).size).toBe(rooms.length);
    for (const r of rooms) {
      expect(r.username).toMatch(/^[a-z0-9_]+$/);
      expect(Number.isInteger(r.viewers) && r.viewers >= 0).toBe(true);
      expect(r.birthday).toMatch(/^(|\d{4}-\d{2}-\d{2})$/);
      expect(r.country).toMatch(/^(|[A-Z]{2})$/);
      for (const tag of r.tags) expect(r.subject).toContain(`#${tag}`);
    }
  });

  it("has the feed's quirks in realistic proportions", () => {
    const rooms = createPopulation({ seed: 4, performers: 20_000 }).truthAt(T);
    const share = (f: (r: (typeof rooms)[number]) => boolean) => rooms.filter(f).length / rooms.length;
    expect(share((r) => r.age === null)).toBeGreaterThan(0.25);
    expect(share((r) => r.age === null)).toBeLessThan(0.55);
    expect(share((r) => r.country === "")).toBeGreaterThan(0.04);
    expect(share((r) => r.country === "")).toBeLessThan(0.18);
    expect(share((r) => r.show === "private")).toBeGreaterThan(0.02);
    expect(share((r) => r.show === "public")).toBeGreaterThan(0.75);
    expect(share((r) => r.subject.includes("goal"))).toBeGreaterThan(0.05);
    // Heavy tail: a handful of viewers for most, thousands for the top.
    const median = rooms[Math.floor(rooms.length / 2)]?.viewers ?? 0;
    expect(median).toBeLessThan(40);
    expect(rooms[0]?.viewers ?? 0).toBeGreaterThan(3000);
    expect(rooms[0]?.viewers ?? 0).toBeLessThan(40_000);
  });
});
