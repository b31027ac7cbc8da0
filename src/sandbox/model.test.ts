import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPerformers } from "./performers.ts";
import { createPopulation } from "./population.ts";
import { broadcastTags, followersAt } from "./room-state.ts";
import { DAY_SEC, newDaySessions, sessionsOfDay, windowOf } from "./schedule.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK_START = Date.UTC(2026, 10, 9); // Monday

describe("population model", () => {
  const seed = 11;
  const size = 20_000;
  const population = createPopulation({ seed, performers: size });
  const performers = createPerformers(seed, size);

  it("is calibrated: about 1,500 online at the daily peak of 20,000 performers, fewer at the trough", () => {
    const peaks: number[] = [];
    const troughs: number[] = [];
    for (let d = 0; d < 7; d++) {
      const day = WEEK_START + d * DAY;
      peaks.push(Math.max(...[23, 24, 25, 26].map((h) => population.truthAt(day + h * HOUR).length)));
      troughs.push(Math.min(...[9, 10, 11, 12].map((h) => population.truthAt(day + h * HOUR).length)));
    }
    const avgPeak = peaks.reduce((a, b) => a + b, 0) / peaks.length;
    expect(avgPeak).toBeGreaterThan(1100);
    expect(avgPeak).toBeLessThan(2000);
    for (let d = 0; d < 7; d++) expect(peaks[d] ?? 0).toBeGreaterThan((troughs[d] ?? 0) * 1.3);
  });

  it("viewers follow the global audience: the peak draws more viewers than the trough", () => {
    const total = (ms: number) => population.truthAt(ms).reduce((sum, r) => sum + r.viewers, 0);
    expect(total(WEEK_START + DAY + HOUR)).toBeGreaterThan(1.5 * total(WEEK_START + DAY + 10 * HOUR));
  });

  it("never shows a performer before they join or after they leave", () => {
    const index = performers.indexByUsername;
    const small = createPopulation({ seed, performers: 2000 });
    const smallPerformers = createPerformers(seed, 2000);
    let checked = 0;
    for (let d = -400; d <= 400; d += 37) {
      const ms = WEEK_START + d * DAY + ((d * 7) % 24) * HOUR;
      for (const room of small.truthAt(ms)) {
        const i = smallPerformers.indexByUsername.get(room.username) ?? -1;
        expect(i).toBeGreaterThanOrEqual(0);
        expect(smallPerformers.joinSec[i] ?? Infinity).toBeLessThanOrEqual(ms / 1000 - room.secondsOnline);
        expect(smallPerformers.leaveSec[i] ?? 0).toBeGreaterThan(ms / 1000);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
    // And directly on the schedule: every broadcast lies inside [join, leave], windows never overlap.
    const buf = newDaySessions();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: size - 1 }), fc.integer({ min: 19_500, max: 21_500 }), (i, w) => {
        const n = sessionsOfDay(performers, i, w, buf);
        for (let k = 0; k < n; k++) {
          const s = buf[k * 2] ?? 0;
          const e = buf[k * 2 + 1] ?? 0;
          expect(s).toBeGreaterThanOrEqual(performers.joinSec[i] ?? 0);
          expect(e).toBeLessThanOrEqual(performers.leaveSec[i] ?? 0);
          expect(e).toBeGreaterThan(s);
          expect(windowOf(performers, i, s)).toBe(w);
          expect(windowOf(performers, i, e - 1)).toBe(w);
        }
      }),
      { numRuns: 3000 },
    );
    expect(index.size).toBe(size);
  });

  it("shows some arrivals and departures over a month, and marks arrivals as new", () => {
    const from = WEEK_START / 1000;
    const to = from + 30 * DAY_SEC;
    let present = 0;
    let arrived = 0;
    let left = 0;
    for (let i = 0; i < size; i++) {
      const join = performers.joinSec[i] ?? 0;
      const leave = performers.leaveSec[i] ?? 0;
      if (join < from && leave > from) present++;
      if (join >= from && join < to) arrived++;
      if (leave >= from && leave < to) left++;
    }
    expect(arrived / present).toBeGreaterThan(0.01);
    expect(arrived / present).toBeLessThan(0.06);
    expect(left).toBeGreaterThan(0);
    const rooms = population.truthAt(WEEK_START + HOUR);
    expect(rooms.some((r) => r.isNew)).toBe(true);
    expect(rooms.filter((r) => r.isNew).length / rooms.length).toBeLessThan(0.15);
  });

  it("followers never decrease over time for a performer", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: size - 1 }),
        fc.integer({ min: 0, max: 60 * DAY_SEC }),
        fc.integer({ min: 0, max: 3 * DAY_SEC }),
        (i, a, gap) => {
          const t1 = WEEK_START / 1000 - 30 * DAY_SEC + a;
          expect(followersAt(performers, i, t1 + gap)).toBeGreaterThanOrEqual(followersAt(performers, i, t1));
        },
      ),
      { numRuns: 5000 },
    );
    // Fine-grained walk through one performer's busy week, minute by minute.
    const busiest = population.truthAt(WEEK_START + HOUR)[0];
    const i = performers.indexByUsername.get(busiest?.username ?? "") ?? 0;
    let last = -1;
    for (let t = WEEK_START / 1000; t < WEEK_START / 1000 + 7 * DAY_SEC; t += 60) {
      const f = followersAt(performers, i, t);
      expect(f).toBeGreaterThanOrEqual(last);
      last = f;
    }
    const start = followersAt(performers, i, WEEK_START / 1000);
    expect(last).toBeGreaterThan(start); // popular performers do gain
  });

  it("changes tags between broadcasts for most performers", () => {
    let compared = 0;
    let changed = 0;
    const w0 = Math.floor(WEEK_START / 1000 / DAY_SEC);
    for (let i = 0; i < 2000; i++) {
      const a = broadcastTags(performers, i, w0, 0, false).join(",");
      const b = broadcastTags(performers, i, w0 + 1, 0, false).join(",");
      compared++;
      if (a !== b) changed++;
    }
    expect(changed / compared).toBeGreaterThan(0.7);
    // Through the truth too: the same performers seen on two days carry different tag sets.
    const day1 = new Map(population.truthAt(WEEK_START + HOUR).map((r) => [r.username, r.tags.join(",")]));
    let seen = 0;
    let differ = 0;
    for (const r of population.truthAt(WEEK_START + 2 * DAY + HOUR)) {
      const before = day1.get(r.username);
      if (before === undefined) continue;
      seen++;
      if (before !== r.tags.join(",")) differ++;
    }
    expect(seen).toBeGreaterThan(50);
    expect(differ / seen).toBeGreaterThan(0.6);
  });
});
