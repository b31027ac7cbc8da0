import type { Population, TruthRoom } from "../../src/sandbox/population.ts";

/**
 * The sandbox's ground truth at the instants we polled, and what the derived tables should hold
 * for a day computed from it alone (never from our database): the reference of the accuracy tests.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const GRACE = 15 * MINUTE;

export interface Sighting {
  t: number;
  room: TruthRoom;
  rank: number;
}

/** One broadcast as the truth tells it: keyed by username and start. */
export interface Broadcast {
  username: string;
  start: number;
  sightings: Sighting[];
}

export interface ExpectedDay {
  peak_viewers: number | null;
  followers: number | null;
  minutes_online: number;
  stream_count: number;
  tags: string[];
  best_rank: number | null;
  seen_in_public: boolean;
}

/** Adds what the truth says at `at` (an instant we polled) to the broadcasts. */
export function recordTruth(broadcasts: Map<string, Broadcast>, population: Population, at: number): void {
  population.truthAt(at).forEach((room, i) => {
    const start = at - room.secondsOnline * 1000;
    const key = `${room.username}@${start}`;
    const broadcast = broadcasts.get(key) ?? { username: room.username, start, sightings: [] };
    broadcast.sightings.push({ t: at, room, rank: i + 1 });
    broadcasts.set(key, broadcast);
  });
}

/** What performer_days should hold for day `d`, computed from the ground truth only. */
export function expectedDay(broadcasts: Broadcast[], d: number): Map<string, ExpectedDay> {
  const out = new Map<string, ExpectedDay & { seconds: number; last: number }>();
  const row = (username: string) => {
    let r = out.get(username);
    if (!r) {
      r = {
        peak_viewers: null,
        followers: null,
        minutes_online: 0,
        stream_count: 0,
        tags: [],
        best_rank: null,
        seen_in_public: false,
        seconds: 0,
        last: -1,
      };
      out.set(username, r);
    }
    return r;
  };
  for (const b of broadcasts) {
    const end = (b.sightings.at(-1) as Sighting).t;
    const startsToday = b.start >= d && b.start < d + DAY;
    const crossesIn = b.start < d && end >= d + GRACE;
    if (startsToday || crossesIn) {
      const r = row(b.username);
      r.stream_count++;
      r.seconds += startsToday
        ? ((end < d + DAY + GRACE ? end : d + DAY) - b.start) / 1000
        : (Math.min(end, d + DAY) - d) / 1000;
      r.tags = [...new Set([...r.tags, ...(b.sightings.at(-1) as Sighting).room.tags])].sort();
    }
    for (const s of b.sightings) {
      const ofDay =
        (s.t >= d + GRACE && s.t < d + DAY) ||
        (s.t >= d && s.t < d + GRACE && !(b.start < d && end < d + GRACE)) ||
        (s.t >= d + DAY &&
          s.t < d + DAY + GRACE &&
          b.start >= d &&
          b.start < d + DAY &&
          end < d + DAY + GRACE);
      if (!ofDay) continue;
      const r = row(b.username);
      if (s.room.show === "public") {
        r.seen_in_public = true;
        r.peak_viewers = Math.max(r.peak_viewers ?? 0, s.room.viewers);
      }
      if (s.t > r.last) {
        r.last = s.t;
        r.followers = s.room.followers;
      }
      r.best_rank = Math.min(r.best_rank ?? Number.POSITIVE_INFINITY, s.rank);
    }
  }
  return new Map(
    [...out].map(([name, { seconds, last: _last, ...r }]) => [
      name,
      { ...r, minutes_online: Math.round(seconds / 60) },
    ]),
  );
}
