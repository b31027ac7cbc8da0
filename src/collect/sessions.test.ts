import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { advanceSession, broadcastStart, type SessionState, type Sighting } from "./sessions.ts";

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 1);

function sighting(observedAt: number, secondsOnline: number | null, extra: Partial<Sighting> = {}): Sighting {
  return {
    observedAt,
    secondsOnline,
    viewers: 10,
    followers: 100,
    rank: 5,
    genderRank: 3,
    tags: ["a"],
    subject: "s",
    ...extra,
  };
}

/** Feeds sightings in order, the way the poll writer does, and returns every session made. */
function replay(sightings: Sighting[], graceCutoffs: (number | null)[]): SessionState[] {
  const sessions: SessionState[] = [];
  sightings.forEach((s, i) => {
    const prev = sessions.at(-1) ?? null;
    const next = advanceSession(prev, s, { graceCutoff: graceCutoffs[i] ?? null });
    if (!next) return;
    if (prev && next.start === prev.start) sessions[sessions.length - 1] = next;
    else sessions.push(next);
  });
  return sessions;
}

describe("advanceSession examples", () => {
  it("starts a session at observed − seconds_online", () => {
    const s = advanceSession(null, sighting(T0, 600), { graceCutoff: null });
    expect(s?.start).toBe(T0 - 600_000);
    expect(s?.end).toBe(T0);
  });

  it("continues through a gap in our polling when seconds_online says the broadcast went on", () => {
    const first = advanceSession(null, sighting(T0, 600), { graceCutoff: null });
    const later = advanceSession(first, sighting(T0 + 120 * MIN, 600 + 120 * 60), {
      graceCutoff: T0 + 100 * MIN,
    });
    expect(later?.start).toBe(first?.start);
    expect(later?.end).toBe(T0 + 120 * MIN);
    expect(later?.snapshots).toBe(2);
  });

  it("starts a new session when seconds_online says the broadcast restarted", () => {
    const first = advanceSession(null, sighting(T0, 600), { graceCutoff: null });
    const restarted = advanceSession(first, sighting(T0 + 10 * MIN, 60), { graceCutoff: null });
    expect(restarted?.start).toBe(T0 + 9 * MIN);
    expect(restarted?.snapshots).toBe(1);
  });

  it("without seconds_online, continues within the grace polls and splits after them", () => {
    const first = advanceSession(null, sighting(T0, null), { graceCutoff: null });
    const within = advanceSession(first, sighting(T0 + 3 * MIN, null), { graceCutoff: T0 });
    expect(within?.start).toBe(T0);
    const after = advanceSession(within, sighting(T0 + 10 * MIN, null), { graceCutoff: T0 + 4 * MIN });
    expect(after?.start).toBe(T0 + 10 * MIN);
  });

  it("never starts a session before the previous one ended", () => {
    const first = advanceSession(null, sighting(T0, null), { graceCutoff: null });
    // The feed claims a broadcast start before our last sighting, but the gap is beyond belief.
    const next = advanceSession(first, sighting(T0 + 50 * 3600_000, 60 * 3600), { graceCutoff: T0 + MIN });
    expect(next?.start).toBe(T0 + 1);
  });

  it("keeps max, averages, best ranks and followers at both ends", () => {
    let s = advanceSession(null, sighting(T0, 60, { viewers: 10, followers: 100, rank: 9, genderRank: 4 }), {
      graceCutoff: null,
    });
    s = advanceSession(
      s,
      sighting(T0 + MIN, 120, { viewers: 30, followers: 104, rank: 3, genderRank: null }),
      {
        graceCutoff: null,
      },
    );
    expect(s).toMatchObject({
      followersStart: 100,
      followersEnd: 104,
      maxViewers: 30,
      viewersSum: 40,
      viewersSamples: 2,
      bestRank: 3,
      bestGenderRank: 4,
      rankSum: 12,
      rankSamples: 2,
      genderRankSum: 4,
      genderRankSamples: 1,
      snapshots: 2,
    });
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
      viewers: fc.option(fc.integer({ min: 0, max: 50_000 })),
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
      sightings.push(sighting(t, seconds, { viewers: p.viewers }));
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
          const a = sessions[i - 1] as SessionState;
          const b = sessions[i] as SessionState;
          expect(a.end).toBeLessThan(b.start);
        }
        for (const s of sightings) {
          const holders = sessions.filter((x) => x.start <= s.observedAt && s.observedAt <= x.end);
          expect(holders).toHaveLength(1);
        }
        for (const session of sessions) {
          const inside = sightings.filter(
            (s) => session.start <= s.observedAt && s.observedAt <= session.end,
          );
          expect(session.snapshots).toBe(inside.length);
          // Ends at its last sighting; starts no earlier than any of its sightings claims.
          expect(session.end).toBe(Math.max(...inside.map((s) => s.observedAt)));
          const earliestClaim = Math.min(...inside.map((s) => broadcastStart(s) ?? s.observedAt));
          expect(session.start).toBeGreaterThanOrEqual(earliestClaim);
          expect(session.start).toBeLessThanOrEqual(Math.min(...inside.map((s) => s.observedAt)));
        }
        expect(sessions.reduce((n, s) => n + s.snapshots, 0)).toBe(sightings.length);
      }),
      { numRuns: 500 },
    );
  });
});
