import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SessionBounds } from "../db/queries/stream-sessions.ts";
import { assignSession, boundsAfter, broadcastStart, type Sighting } from "./sessions.ts";

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 1);

const at = (observedAt: number, secondsOnline: number | null): Sighting => ({ observedAt, secondsOnline });

/** Feeds sightings in order, as the poll writer does, and returns the sessions with their sightings. */
function replay(sightings: Sighting[], graceCutoffs: (number | null)[]) {
  const sessions: (SessionBounds & { sightings: Sighting[] })[] = [];
  sightings.forEach((s, i) => {
    const prev = sessions.at(-1) ?? null;
    const assigned = assignSession(prev, s, { graceCutoff: graceCutoffs[i] ?? null });
    if (!assigned) return;
    const bounds = boundsAfter(prev, s, assigned);
    if (assigned.continued && prev) Object.assign(prev, bounds, { sightings: [...prev.sightings, s] });
    else sessions.push({ ...bounds, sightings: [s] });
  });
  return sessions;
}

describe("assignSession", () => {
  it("opens a session at observed − seconds_online", () => {
    expect(assignSession(null, at(T0, 600), { graceCutoff: null })).toEqual({
      start: T0 - 600_000,
      continued: false,
    });
  });

  it("continues through a gap in our polling when seconds_online says the broadcast went on", () => {
    const prev = { start: T0 - 600_000, end: T0 };
    const later = assignSession(prev, at(T0 + 120 * MIN, 600 + 120 * 60), { graceCutoff: T0 + 100 * MIN });
    expect(later).toEqual({ start: prev.start, continued: true });
  });

  it("opens a new session when seconds_online says the broadcast restarted", () => {
    const prev = { start: T0 - 600_000, end: T0 };
    expect(assignSession(prev, at(T0 + 10 * MIN, 60), { graceCutoff: null })).toEqual({
      start: T0 + 9 * MIN,
      continued: false,
    });
  });

  it("without seconds_online, continues within the grace polls and splits after them", () => {
    const prev = { start: T0, end: T0 };
    expect(assignSession(prev, at(T0 + 3 * MIN, null), { graceCutoff: T0 })?.continued).toBe(true);
    expect(assignSession(prev, at(T0 + 10 * MIN, null), { graceCutoff: T0 + 4 * MIN })).toEqual({
      start: T0 + 10 * MIN,
      continued: false,
    });
  });

  it("never opens a session before the previous one ended", () => {
    const prev = { start: T0, end: T0 };
    // The feed claims a broadcast start before our last sighting, but the gap is beyond belief.
    const next = assignSession(prev, at(T0 + 50 * 3600_000, 60 * 3600), { graceCutoff: T0 + MIN });
    expect(next).toEqual({ start: T0 + 1, continued: false });
  });

  it("moves no session for a sighting older than the latest session", () => {
    expect(assignSession({ start: T0, end: T0 + MIN }, at(T0 - MIN, null), { graceCutoff: null })).toBeNull();
  });
});

/** Polls at increasing instants; in each, the room is seen or not, with a plausible or odd seconds_online. */
const pollsArb = fc
  .array(
    fc.record({
      gapMinutes: fc.integer({ min: 1, max: 600 }),
      seen: fc.boolean(),
      seconds: fc.oneof(
        fc.constant(null),
        fc.integer({ min: 0, max: 86_400 }),
        fc.constant("continuing" as const),
      ),
    }),
    { minLength: 1, maxLength: 80 },
  )
  .map((polls) => {
    let t = T0;
    let lastStart: number | null = null;
    const sightings: Sighting[] = [];
    const cutoffs: (number | null)[] = [];
    const pollTimes: number[] = [];
    for (const p of polls) {
      t += p.gapMinutes * MIN;
      pollTimes.push(t);
      if (!p.seen) continue;
      let seconds: number | null;
      if (p.seconds === "continuing") {
        lastStart ??= t - 60_000;
        seconds = Math.floor((t - lastStart) / 1000);
      } else {
        seconds = p.seconds;
        lastStart = seconds === null ? null : t - seconds * 1000;
      }
      sightings.push(at(t, seconds));
      cutoffs.push(pollTimes.length > 3 ? (pollTimes[pollTimes.length - 4] ?? null) : null);
    }
    return { sightings, cutoffs };
  });

describe("session properties", () => {
  it("never overlap, never outlast what was observed, and hold every sighting exactly once", () => {
    fc.assert(
      fc.property(pollsArb, ({ sightings, cutoffs }) => {
        const sessions = replay(sightings, cutoffs);
        for (let i = 1; i < sessions.length; i++) {
          expect((sessions[i - 1] as SessionBounds).end).toBeLessThan((sessions[i] as SessionBounds).start);
        }
        for (const s of sightings) {
          expect(sessions.filter((x) => x.start <= s.observedAt && s.observedAt <= x.end)).toHaveLength(1);
        }
        for (const session of sessions) {
          const inside = sightings.filter(
            (s) => session.start <= s.observedAt && s.observedAt <= session.end,
          );
          expect(inside).toEqual(session.sightings);
          // Ends at its last sighting; starts no earlier than any of its sightings claims.
          expect(session.end).toBe(Math.max(...inside.map((s) => s.observedAt)));
          const earliestClaim = Math.min(...inside.map((s) => broadcastStart(s) ?? s.observedAt));
          expect(session.start).toBeGreaterThanOrEqual(earliestClaim);
          expect(session.start).toBeLessThanOrEqual(Math.min(...inside.map((s) => s.observedAt)));
        }
      }),
      { numRuns: 500 },
    );
  });
});
