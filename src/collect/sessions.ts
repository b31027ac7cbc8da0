import type { SessionBounds } from "../db/queries/stream-sessions.ts";

/**
 * Which stream session (SPEC §3) a sighting belongs to, as DESIGN.md §4 defines sessions. Pure: the
 * poll writer keeps each performer's latest session bounds, calls assignSession, and the database
 * folds the sighting's figures into that session (db/queries/sightings-write.ts).
 *
 * A sighting continues the performer's latest session when the feed says the broadcast has been
 * running since before that session's last sighting (seconds_online), even across a gap in our own
 * polling; or, when the feed gives no seconds_online, when the room was missing from no more than
 * the grace number of complete polls. Otherwise a new session starts at observed − seconds_online,
 * but never before the previous session's end, so sessions of one performer never overlap.
 */

export interface Sighting {
  observedAt: number;
  secondsOnline: number | null;
}

export interface SessionRules {
  /**
   * observed_at of the complete poll that is `grace + 1` polls back: a room last seen before it
   * was missing from more than `grace` complete polls. null when there are not that many polls.
   */
  graceCutoff: number | null;
}

export interface Assignment {
  start: number;
  /** true: the sighting extends the session starting at `start`; false: it opens it. */
  continued: boolean;
}

/** The feed's seconds_online and our observed_at disagree by a little (paging takes seconds). */
export const BROADCAST_START_TOLERANCE_MS = 120_000;
/** Without seconds_online, no gap longer than this continues a session, whatever the polls say. */
export const MAX_UNCONFIRMED_GAP_MS = 6 * 3600_000;
/** A broadcast the feed says has run longer than this is not believed to bridge a gap. */
export const MAX_CONFIRMED_GAP_MS = 48 * 3600_000;

export function broadcastStart(s: Sighting): number | null {
  return s.secondsOnline === null ? null : s.observedAt - s.secondsOnline * 1000;
}

export function continuesSession(prev: SessionBounds, s: Sighting, rules: SessionRules): boolean {
  const gap = s.observedAt - prev.end;
  if (gap <= 0) return s.observedAt >= prev.start;
  const started = broadcastStart(s);
  if (started !== null) {
    return started <= prev.end + BROADCAST_START_TOLERANCE_MS && gap <= MAX_CONFIRMED_GAP_MS;
  }
  const seenRecently = rules.graceCutoff === null || prev.end >= rules.graceCutoff;
  return seenRecently && gap <= MAX_UNCONFIRMED_GAP_MS;
}

/**
 * The session this sighting belongs to: the latest one continued, or a new one. null for a
 * sighting older than the latest session's start (polls are written in order, so this only happens
 * if they are not; such a sighting keeps its snapshot but moves no session).
 */
export function assignSession(
  prev: SessionBounds | null,
  s: Sighting,
  rules: SessionRules,
): Assignment | null {
  if (prev && s.observedAt < prev.start) return null;
  if (prev && continuesSession(prev, s, rules)) return { start: prev.start, continued: true };
  const claimed = broadcastStart(s) ?? s.observedAt;
  const start = prev ? Math.max(claimed, prev.end + 1) : claimed;
  return { start: Math.min(start, s.observedAt), continued: false };
}

/** The bounds after the sighting joined its assigned session. */
export function boundsAfter(prev: SessionBounds | null, s: Sighting, a: Assignment): SessionBounds {
  return a.continued && prev
    ? { start: prev.start, end: Math.max(prev.end, s.observedAt) }
    : { start: a.start, end: s.observedAt };
}
