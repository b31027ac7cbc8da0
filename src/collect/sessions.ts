/**
 * Stream sessions (SPEC §3) from sightings, as DESIGN.md §4 defines them. Pure: the poll writer
 * loads each performer's latest session, calls advanceSession, and upserts what it returns.
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
  viewers: number | null;
  followers: number | null;
  rank: number | null;
  genderRank: number | null;
  tags: string[] | null;
  subject: string | null;
}

export interface SessionState {
  start: number;
  end: number;
  followersStart: number | null;
  followersEnd: number | null;
  maxViewers: number | null;
  viewersSum: number;
  viewersSamples: number;
  bestRank: number | null;
  bestGenderRank: number | null;
  rankSum: number;
  rankSamples: number;
  genderRankSum: number;
  genderRankSamples: number;
  snapshots: number;
  tags: string[];
  subject: string | null;
}

export interface SessionRules {
  /**
   * observed_at of the complete poll that is `grace + 1` polls back: a room last seen before it
   * was missing from more than `grace` complete polls. null when there are not that many polls.
   */
  graceCutoff: number | null;
}

/** The feed's seconds_online and our observed_at disagree by a little (paging takes seconds). */
export const BROADCAST_START_TOLERANCE_MS = 120_000;
/** Without seconds_online, no gap longer than this continues a session, whatever the polls say. */
export const MAX_UNCONFIRMED_GAP_MS = 6 * 3600_000;
/** A broadcast the feed says has run longer than this is not believed to bridge a gap. */
export const MAX_CONFIRMED_GAP_MS = 48 * 3600_000;

function minNullable(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

function maxNullable(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

export function broadcastStart(s: Sighting): number | null {
  return s.secondsOnline === null ? null : s.observedAt - s.secondsOnline * 1000;
}

export function continuesSession(prev: SessionState, s: Sighting, rules: SessionRules): boolean {
  const gap = s.observedAt - prev.end;
  if (gap <= 0) return s.observedAt >= prev.start;
  const started = broadcastStart(s);
  if (started !== null) {
    return started <= prev.end + BROADCAST_START_TOLERANCE_MS && gap <= MAX_CONFIRMED_GAP_MS;
  }
  const seenRecently = rules.graceCutoff === null || prev.end >= rules.graceCutoff;
  return seenRecently && gap <= MAX_UNCONFIRMED_GAP_MS;
}

function fold(base: SessionState, s: Sighting): SessionState {
  return {
    start: base.start,
    end: Math.max(base.end, s.observedAt),
    followersStart: base.followersStart ?? s.followers,
    followersEnd: s.observedAt >= base.end ? (s.followers ?? base.followersEnd) : base.followersEnd,
    maxViewers: maxNullable(base.maxViewers, s.viewers),
    viewersSum: base.viewersSum + (s.viewers ?? 0),
    viewersSamples: base.viewersSamples + (s.viewers === null ? 0 : 1),
    bestRank: minNullable(base.bestRank, s.rank),
    bestGenderRank: minNullable(base.bestGenderRank, s.genderRank),
    rankSum: base.rankSum + (s.rank ?? 0),
    rankSamples: base.rankSamples + (s.rank === null ? 0 : 1),
    genderRankSum: base.genderRankSum + (s.genderRank ?? 0),
    genderRankSamples: base.genderRankSamples + (s.genderRank === null ? 0 : 1),
    snapshots: base.snapshots + 1,
    tags: s.observedAt >= base.end && s.tags ? s.tags : base.tags,
    subject: s.observedAt >= base.end && s.subject !== null ? s.subject : base.subject,
  };
}

function empty(start: number): SessionState {
  return {
    start,
    end: start,
    followersStart: null,
    followersEnd: null,
    maxViewers: null,
    viewersSum: 0,
    viewersSamples: 0,
    bestRank: null,
    bestGenderRank: null,
    rankSum: 0,
    rankSamples: 0,
    genderRankSum: 0,
    genderRankSamples: 0,
    snapshots: 0,
    tags: [],
    subject: null,
  };
}

/**
 * The session this sighting belongs to, updated with it: the previous one extended, or a new one.
 * Returns null for a sighting older than the latest session's start (polls are written in order,
 * so this only happens if they are not; such a sighting keeps its snapshot but moves no session).
 */
export function advanceSession(
  prev: SessionState | null,
  s: Sighting,
  rules: SessionRules,
): SessionState | null {
  if (prev && s.observedAt < prev.start) return null;
  if (prev && continuesSession(prev, s, rules)) return fold(prev, s);
  const claimed = broadcastStart(s) ?? s.observedAt;
  const start = prev ? Math.max(claimed, prev.end + 1) : claimed;
  return fold(empty(Math.min(start, s.observedAt)), s);
}

export function averageViewers(session: SessionState): number | null {
  return session.viewersSamples === 0 ? null : session.viewersSum / session.viewersSamples;
}
