import { sql } from "kysely";
import { itemKeyOf } from "../../src/collect/subject-goal.ts";
import type { Db } from "../../src/db/connect.ts";
import { ensureSnapshotPartitions } from "../../src/db/queries/partitions.ts";
import type { GenderKey } from "../../src/db/schema.ts";

/** Hand-made rows for tests of derived tables and publishers: only what a test names is set. */

export interface PerformerFixture {
  username: string;
  gender?: Exclude<GenderKey, "u"> | null;
  country?: string | null;
  age?: number | null;
  followers?: number | null;
  tags?: string[];
  displayName?: string | null;
  firstSeen?: string;
  lastSeen?: string;
}

/** Inserts a performer and returns its performer_id. */
export async function insertPerformer(db: Db, p: PerformerFixture): Promise<number> {
  const { rows } = await sql<{ performer_id: number }>`
    INSERT INTO performers (username, display_name, gender, age, country, tags, followers, first_seen, last_seen)
    VALUES (${p.username}, ${p.displayName ?? p.username}, ${p.gender === undefined ? "f" : p.gender},
      ${p.age ?? null}, ${p.country ?? null}, ${p.tags ?? []}, ${p.followers ?? null},
      ${p.firstSeen ?? "2026-01-01T00:00:00Z"}, ${p.lastSeen ?? "2026-01-01T00:00:00Z"})
    RETURNING performer_id`.execute(db);
  return (rows[0] as { performer_id: number }).performer_id;
}

export interface PerformerDayFixture {
  performerId: number;
  day: string;
  peakViewers?: number | null;
  followers?: number | null;
  followerGain?: number | null;
  minutesOnline?: number;
  streamCount?: number;
  tags?: string[];
  bestRank?: number | null;
  bestGenderRank?: number | null;
  seenInPublic?: boolean;
  /** Migration 0022: the day's average viewers while online, and the seconds it is over. */
  avgViewers?: number | null;
  viewerSeconds?: number;
}

export async function insertPerformerDay(db: Db, d: PerformerDayFixture): Promise<void> {
  await sql`
    INSERT INTO performer_days (performer_id, day, peak_viewers, followers, follower_gain, minutes_online,
      stream_count, tags, best_rank, best_gender_rank, seen_in_public, avg_viewers, viewer_seconds)
    VALUES (${d.performerId}, ${d.day}::date, ${d.peakViewers ?? null}, ${d.followers ?? null},
      ${d.followerGain ?? null}, ${d.minutesOnline ?? 60}, ${d.streamCount ?? 1}, ${d.tags ?? []},
      ${d.bestRank ?? null}, ${d.bestGenderRank ?? null}, ${d.seenInPublic ?? d.peakViewers != null},
      ${d.avgViewers ?? null}, ${d.viewerSeconds ?? (d.avgViewers == null ? 0 : (d.minutesOnline ?? 60) * 60)})`.execute(
    db,
  );
}

export async function confirmOptout(db: Db, username: string): Promise<void> {
  await sql`INSERT INTO optouts (username, confirmed_at) VALUES (${username}, now())`.execute(db);
}

/** A stream session with only what the search and live state read: its span and peak. */
export async function insertSession(
  db: Db,
  s: { performerId: number; start: string; end: string; maxViewers?: number | null },
): Promise<void> {
  await sql`
    INSERT INTO stream_sessions (performer_id, start_time, end_time, max_viewers)
    VALUES (${s.performerId}, ${s.start}, ${s.end}, ${s.maxViewers ?? null})`.execute(db);
}

/** A complete live poll at `at` with these rooms in it (the online list). */
export async function insertLivePoll(
  db: Db,
  at: string,
  rooms: { performerId: number; viewers: number }[],
): Promise<void> {
  const ms = Date.parse(at);
  await ensureSnapshotPartitions(db, ms, ms);
  const viewers = rooms.reduce((sum, r) => sum + r.viewers, 0);
  const { rows } = await sql<{ poll_id: number }>`
    INSERT INTO polls (observed_at, started_at, finished_at, status, source, rooms, viewers, pages, requests, duration_ms)
    VALUES (${at}, ${at}, ${at}, 'complete', 'live', ${rooms.length}, ${viewers}, 1, 1, 10)
    RETURNING poll_id`.execute(db);
  const pollId = (rows[0] as { poll_id: number }).poll_id;
  for (const room of rooms) {
    await sql`
      INSERT INTO snapshots (performer_id, observed_at, poll_id, viewers, show)
      VALUES (${room.performerId}, ${at}, ${pollId}, ${room.viewers}, 1)`.execute(db);
  }
}

/** A performer's about-me text as the bio fetcher stores it. */
export async function insertBio(
  db: Db,
  performerId: number,
  aboutMe: string,
  at = "2026-11-01T00:00:00Z",
): Promise<void> {
  await sql`
    INSERT INTO performer_bios (performer_id, about_me, fetched_at, changed_at)
    VALUES (${performerId}, ${aboutMe}, ${at}, ${at})`.execute(db);
}

/** A subject goal row as the collector writes it (migration 0019), seen at `seen`; the key from the item unless given. */
export async function insertGoal(
  db: Db,
  g: {
    performerId: number;
    item: string;
    key?: string;
    tokens: number;
    kind?: "goal" | "left";
    gender?: "f" | "m" | "c" | "t";
    seen: Date;
  },
): Promise<void> {
  await sql`INSERT INTO subject_goals (performer_id, item_key, item, tokens, amount_kind, gender, first_seen, last_seen)
    VALUES (${g.performerId}, ${g.key ?? itemKeyOf(g.item)}, ${g.item}, ${g.tokens}, ${g.kind ?? "goal"},
      ${g.gender ?? "f"}, ${g.seen}, ${g.seen})`.execute(db);
}
