import { sql } from "kysely";
import type { Db } from "../connect.ts";
import type { PollError, PollSource, PollStatus } from "../schema.ts";

export interface PollRecord {
  observedAt: Date;
  startedAt: Date;
  finishedAt: Date;
  status: PollStatus;
  source: PollSource;
  expectedRooms: number | null;
  pages: number;
  requests: number;
  durationMs: number;
  duplicates: number;
  malformed: number;
  excluded: number;
  errors: PollError[];
}

export interface PollTotals {
  rooms: number;
  viewers: number;
  byGender: Record<"f" | "m" | "c" | "t", { rooms: number; viewers: number }>;
  /** Rooms the feed marked HD. */
  hdRooms: number;
}

/**
 * Records a poll, unless a poll for the same instant is already recorded (a replay): then null,
 * and the caller writes nothing else. Inside the poll's transaction, so it commits with its rows.
 */
export async function insertPoll(db: Db, poll: PollRecord, totals: PollTotals): Promise<number | null> {
  const g = totals.byGender;
  const { rows } = await sql<{ poll_id: number }>`
    INSERT INTO polls (observed_at, started_at, finished_at, status, source, expected_rooms, rooms, viewers,
      rooms_f, rooms_m, rooms_c, rooms_t, viewers_f, viewers_m, viewers_c, viewers_t, rooms_hd,
      pages, requests, duration_ms, duplicates, malformed, excluded, errors)
    VALUES (${poll.observedAt}, ${poll.startedAt}, ${poll.finishedAt}, ${poll.status}, ${poll.source},
      ${poll.expectedRooms}, ${totals.rooms}, ${totals.viewers},
      ${g.f.rooms}, ${g.m.rooms}, ${g.c.rooms}, ${g.t.rooms},
      ${g.f.viewers}, ${g.m.viewers}, ${g.c.viewers}, ${g.t.viewers}, ${totals.hdRooms},
      ${poll.pages}, ${poll.requests}, ${poll.durationMs}, ${poll.duplicates}, ${poll.malformed},
      ${poll.excluded}, ${JSON.stringify(poll.errors)}::jsonb)
    ON CONFLICT (observed_at) DO NOTHING
    RETURNING poll_id`.execute(db);
  return rows[0]?.poll_id ?? null;
}

/**
 * observed_at of the complete poll `grace + 1` polls before `beforeMs`: a room last seen earlier
 * than this was missing from more than `grace` complete polls in a row. null if there are fewer.
 */
export async function graceCutoff(db: Db, beforeMs: number, grace: number): Promise<number | null> {
  const { rows } = await sql<{ observed_at: Date }>`
    SELECT observed_at FROM polls
    WHERE status = 'complete' AND observed_at < ${new Date(beforeMs)}
    ORDER BY observed_at DESC OFFSET ${grace} LIMIT 1`.execute(db);
  return rows[0]?.observed_at.getTime() ?? null;
}
