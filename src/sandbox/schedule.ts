import type { Performers } from "./performers.ts";
import { unit4 } from "./prng.ts";

/**
 * When performers broadcast. A performer's time is cut into "windows", one per local day, starting
 * 90 minutes before their preferred start hour; all broadcasts of local day D (one, sometimes two)
 * lie inside window D and end 30 minutes before the next window's earliest start. So broadcasts can
 * cross UTC midnight but never overlap, and any instant belongs to exactly one window.
 */
export const DAY_SEC = 86_400;
const JITTER_SEC = 90 * 60;
const MIN_SESSION_SEC = 10 * 60;

/** Up to two broadcasts of one performer on one local day: [start0, end0, start1, end1] in epoch seconds. */
export type DaySessions = Float64Array;

export function newDaySessions(): DaySessions {
  return new Float64Array(4);
}

/** Start of window D (epoch seconds). */
export function windowStart(p: Performers, i: number, day: number): number {
  return day * DAY_SEC - (p.offsetMin[i] ?? 0) * 60 + (p.startMin[i] ?? 0) * 60 - JITTER_SEC;
}

/** The window (local day) containing epoch second t. */
export function windowOf(p: Performers, i: number, t: number): number {
  return Math.floor((t + (p.offsetMin[i] ?? 0) * 60 - (p.startMin[i] ?? 0) * 60 + JITTER_SEC) / DAY_SEC);
}

/** Fills `out` with the broadcasts of performer i in window `day`; returns how many (0, 1 or 2). */
export function sessionsOfDay(p: Performers, i: number, day: number, out: DaySessions): number {
  const seed = p.seed;
  const weekday = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  const prob = (p.dayProb[i * 7 + weekday] ?? 0) / 65535;
  if (unit4(seed, i, day, 1) >= prob) return 0;
  const join = p.joinSec[i] ?? 0;
  const leave = p.leaveSec[i] ?? Infinity;
  const winStart = windowStart(p, i, day);
  // The next window's earliest start is winStart + DAY_SEC; keep half an hour of rest before it.
  const winEnd = winStart + DAY_SEC - 30 * 60;
  if (winEnd <= join || winStart >= leave) return 0;
  const usual = (p.durMin[i] ?? 60) * 60;

  let count = 0;
  const s0 = Math.floor(winStart + JITTER_SEC + (unit4(seed, i, day, 2) * 2 - 1) * JITTER_SEC);
  const e0 = Math.min(
    winEnd,
    s0 + Math.max(MIN_SESSION_SEC, Math.floor(usual * (0.45 + 1.1 * unit4(seed, i, day, 3)))),
  );
  count = push(out, count, s0, e0, join, leave);
  if (unit4(seed, i, day, 4) < (p.twiceProb[i] ?? 0) / 255) {
    const s1 = e0 + Math.floor((30 + 210 * unit4(seed, i, day, 5)) * 60);
    const e1 = Math.min(winEnd, s1 + Math.floor(usual * (0.2 + 0.6 * unit4(seed, i, day, 6))));
    count = push(out, count, s1, e1, join, leave);
  }
  return count;
}

function push(
  out: DaySessions,
  count: number,
  start: number,
  end: number,
  join: number,
  leave: number,
): number {
  // Never before joining, never after leaving: a broadcast that would start before the join is
  // dropped, one running past the departure is cut at it.
  if (start < join) return count;
  const e = Math.min(end, leave);
  if (e - start < MIN_SESSION_SEC) return count;
  out[count * 2] = start;
  out[count * 2 + 1] = e;
  return count + 1;
}

/** Every broadcast overlapping one UTC day, so truthAt only scans these instead of all performers. */
export interface DayTable {
  readonly day: number;
  readonly count: number;
  readonly performer: Int32Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  /** window (local day) the broadcast belongs to */
  readonly window: Int32Array;
  /** 0 or 1: first or second broadcast of its window */
  readonly ordinal: Uint8Array;
}

export function buildDayTable(p: Performers, day: number): DayTable {
  const from = day * DAY_SEC;
  const to = from + DAY_SEC;
  const performer: number[] = [];
  const start: number[] = [];
  const end: number[] = [];
  const window: number[] = [];
  const ordinal: number[] = [];
  const buf = newDaySessions();
  for (let i = 0; i < p.size; i++) {
    if ((p.joinSec[i] ?? 0) >= to || (p.leaveSec[i] ?? Infinity) <= from) continue;
    // Windows are a day long, so at most two of them overlap a UTC day.
    const first = windowOf(p, i, from);
    for (let w = first; w <= first + 1; w++) {
      const n = sessionsOfDay(p, i, w, buf);
      for (let k = 0; k < n; k++) {
        const s = buf[k * 2] ?? 0;
        const e = buf[k * 2 + 1] ?? 0;
        if (s < to && e > from) {
          performer.push(i);
          start.push(s);
          end.push(e);
          window.push(w);
          ordinal.push(k);
        }
      }
    }
  }
  return {
    day,
    count: performer.length,
    performer: Int32Array.from(performer),
    start: Float64Array.from(start),
    end: Float64Array.from(end),
    window: Int32Array.from(window),
    ordinal: Uint8Array.from(ordinal),
  };
}

/** Windows searched back for a performer's last broadcast: about eleven years, past any join date. */
const MAX_WINDOWS_BACK = 4_000;

/**
 * The latest broadcast of performer i that started at or before epoch second t: its end (cut at t
 * while it runs) and whether it is running at t; null when there was none since joining. Walks the
 * windows backwards, each a few hashes, so even an occasional performer costs well under a millisecond.
 */
export function lastBroadcastAt(p: Performers, i: number, t: number): { end: number; live: boolean } | null {
  const buf = newDaySessions();
  const first = windowOf(p, i, Math.max(p.joinSec[i] ?? 0, t - MAX_WINDOWS_BACK * DAY_SEC));
  for (let w = windowOf(p, i, t); w >= first; w--) {
    const n = sessionsOfDay(p, i, w, buf);
    for (let k = n - 1; k >= 0; k--) {
      const start = buf[k * 2] ?? 0;
      const end = buf[k * 2 + 1] ?? 0;
      if (start <= t) return end > t ? { end: t, live: true } : { end, live: false };
    }
  }
  return null;
}
