import { sql } from "kysely";
import { liveStateText, onlineListIsCurrent } from "../../rules/formulas/live-state.ts";
import type { Db } from "../connect.ts";
import type { GenderKey, PollSource } from "../schema.ts";

/** A room in the latest complete poll. status is SPEC §3's online status code (7: a group show). */
export interface OnlineStreamer {
  name: string;
  gender: GenderKey | null;
  viewers: number | null;
  followers: number | null;
  status: number;
}

export interface OnlineNow {
  /** The latest complete poll's instant, or null before any. */
  observedAt: string | null;
  streamers: OnlineStreamer[];
}

/** The instant of the latest complete poll (a partial one misses rooms), or null before any. */
export async function latestCompletePoll(db: Db): Promise<Date | null> {
  const { rows } = await sql<{ at: Date | null }>`
    SELECT MAX(observed_at) AS at FROM polls WHERE status = 'complete'`.execute(db);
  return rows[0]?.at ?? null;
}

/** The latest complete poll's instant and source (simulated: a first start's history), or null before any. */
export async function latestCompletePollWithSource(db: Db): Promise<{ at: Date; source: PollSource } | null> {
  const { rows } = await sql<{ at: Date; source: PollSource }>`
    SELECT observed_at AS at, source FROM polls WHERE status = 'complete'
    ORDER BY observed_at DESC LIMIT 1`.execute(db);
  return rows[0] ?? null;
}

/**
 * Who is online now: the rooms of the latest complete poll (a partial one would miss rooms), most
 * viewers first; opted-out performers left out. The poll's instant comes first so the snapshot
 * partitions are pruned to its day.
 */
export async function onlineNow(db: Db): Promise<OnlineNow> {
  const at = await latestCompletePoll(db);
  if (at === null) return { observedAt: null, streamers: [] };
  const { rows } = await sql<OnlineStreamer>`
    SELECT p.username AS name, p.gender, s.viewers, s.followers, s.show AS status
    FROM snapshots s JOIN performers p USING (performer_id)
    WHERE s.observed_at = ${at.toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    ORDER BY s.viewers DESC NULLS LAST, p.username`.execute(db);
  return { observedAt: at.toISOString(), streamers: rows };
}

/** One performer's room in the latest complete poll, or null when they were not in it. */
export async function onlineRoom(
  db: Db,
  performerId: number,
): Promise<{ observedAt: string | null; room: OnlineStreamer | null }> {
  const at = await latestCompletePoll(db);
  if (at === null) return { observedAt: null, room: null };
  const { rows } = await sql<OnlineStreamer>`
    SELECT p.username AS name, p.gender, s.viewers, s.followers, s.show AS status
    FROM snapshots s JOIN performers p USING (performer_id)
    WHERE s.observed_at = ${at.toISOString()}::timestamptz AND s.performer_id = ${performerId}`.execute(db);
  return { observedAt: at.toISOString(), room: rows[0] ?? null };
}

/** A performer's live state now (SPEC §4), and the latest complete poll it was judged by. */
export interface PerformerLiveNow {
  live: boolean;
  /** When not live: 'live N days ago', 'live recently' or 'not active last week'. */
  text: string | null;
  /** The latest complete poll's instant, or null before any. */
  observedAt: string | null;
  /** Their room in that poll, or null when they were not in it. */
  room: OnlineStreamer | null;
  /** Whether that room is in the online list now: the poll is under ONLINE_LIST_VALID_MS old. */
  inOnlineList: boolean;
}

/**
 * SPEC §4's rule, the one the performer page and GET /api/streamers?modelName both give: live when
 * the performer's room is in the online list (the latest complete poll, while it is under
 * ONLINE_LIST_VALID_MS old: an older one is no longer who is online) or they were seen under
 * LIVE_WITHIN_MS ago (`lastSeenMs`).
 */
export async function performerLiveNow(
  db: Db,
  performerId: number,
  lastSeenMs: number | null,
  nowMs: number,
): Promise<PerformerLiveNow> {
  const { observedAt, room } = await onlineRoom(db, performerId);
  const inOnlineList =
    room !== null && observedAt !== null && onlineListIsCurrent(Date.parse(observedAt), nowMs);
  const text = liveStateText(lastSeenMs, nowMs, inOnlineList);
  return { live: text === null, text, observedAt, room, inOnlineList };
}

/** When a performer was last seen: the end of their latest stream session. */
export async function lastSeen(db: Db, performerId: number): Promise<Date | null> {
  const { rows } = await sql<{ at: Date }>`
    SELECT end_time AS at FROM stream_sessions WHERE performer_id = ${performerId}
    ORDER BY start_time DESC LIMIT 1`.execute(db);
  return rows[0]?.at ?? null;
}
