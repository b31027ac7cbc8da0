import { sql } from "kysely";
import type { Db } from "../../src/db/connect.ts";
import { insertPerformer as insertFixturePerformer } from "./fixtures.ts";

/**
 * Hand-made rows for tests of the per-performer aggregates: a performer, its sessions and its
 * derived days and hours, inserted directly so that every expected figure can be worked out by hand.
 */

export function insertPerformer(db: Db, username: string, firstSeen: string): Promise<number> {
  return insertFixturePerformer(db, { username, firstSeen, lastSeen: firstSeen });
}

export interface SessionRow {
  start: string;
  end: string;
  viewersSum?: number;
  viewersSamples?: number;
}

export async function insertSessions(db: Db, performerId: number, sessions: SessionRow[]): Promise<void> {
  for (const s of sessions) {
    await sql`
      INSERT INTO stream_sessions (performer_id, start_time, end_time, viewers_sum, viewers_samples)
      VALUES (${performerId}, ${s.start}::timestamptz, ${s.end}::timestamptz, ${s.viewersSum ?? 0},
        ${s.viewersSamples ?? 0})`.execute(db);
  }
}

export interface DayRow {
  day: string;
  minutes: number;
  streams: number;
  peakViewers?: number | null;
  followers?: number | null;
  followerGain?: number | null;
  tags?: string[];
  bestRank?: number | null;
  bestGenderRank?: number | null;
}

export async function insertDays(db: Db, performerId: number, days: DayRow[]): Promise<void> {
  for (const d of days) {
    await sql`
      INSERT INTO performer_days (performer_id, day, peak_viewers, followers, follower_gain, minutes_online,
        stream_count, tags, best_rank, best_gender_rank, seen_in_public)
      VALUES (${performerId}, ${d.day}::date, ${d.peakViewers ?? null}, ${d.followers ?? null},
        ${d.followerGain ?? null}, ${d.minutes}, ${d.streams}, ${d.tags ?? []}::text[], ${d.bestRank ?? null},
        ${d.bestGenderRank ?? null}, ${d.peakViewers !== undefined && d.peakViewers !== null})`.execute(db);
  }
}

export interface HourRow {
  day: string;
  hour: number;
  seconds: number;
  avgViewers?: number | null;
  viewerSeconds?: number;
}

export async function insertHours(db: Db, performerId: number, hours: HourRow[]): Promise<void> {
  for (const h of hours) {
    const avg = h.avgViewers ?? null;
    await sql`
      INSERT INTO performer_hours (performer_id, day, hour, seconds_online, avg_viewers, viewer_seconds)
      VALUES (${performerId}, ${h.day}::date, ${h.hour}, ${h.seconds}, ${avg},
        ${h.viewerSeconds ?? (avg === null ? 0 : h.seconds)})`.execute(db);
  }
}
