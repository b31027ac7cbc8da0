import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** One performer of a list with what the list page shows of them (issue 18). */
export interface ListPerformerRow {
  name: string;
  displayName: string | null;
  gender: "f" | "m" | "t" | "c" | null;
  age: number | null;
  country: string | null;
  followers: number | null;
  /** The 7 days' follower gain ending `day`; null when no day of the week has a figure. */
  followerChange7d: number | null;
  lastSeen: Date;
  addedAt: Date;
  /** Viewers in the poll at `pollAt`; null when the performer was not in it (or no poll was given). */
  viewers: number | null;
  /** Whether the performer was in the poll at `pollAt`. */
  inPoll: boolean;
}

/**
 * A list's performers with their figures: the profile row, the week's follower gain from
 * performer_days (its primary key, 7 rows each), and their room in the poll at `pollAt` (the
 * snapshot's primary key, the partition pruned by the instant); opted-out performers left out.
 */
export async function listPerformerRows(
  db: Db,
  listId: string,
  pollAt: Date | null,
  day: string,
): Promise<ListPerformerRow[]> {
  const room =
    pollAt === null
      ? sql`SELECT NULL::integer AS viewers, false AS in_poll`
      : sql`SELECT s.viewers, true AS in_poll FROM snapshots s
          WHERE s.observed_at = ${pollAt.toISOString()}::timestamptz AND s.performer_id = lp.performer_id`;
  const { rows } = await sql<ListPerformerRow>`
    SELECT p.username AS name, p.display_name AS "displayName", p.gender, p.age, p.country, p.followers,
      (SELECT SUM(d.follower_gain)::integer FROM performer_days d
       WHERE d.performer_id = lp.performer_id AND d.day BETWEEN ${day}::date - 6 AND ${day}::date) AS "followerChange7d",
      p.last_seen AS "lastSeen", lp.added_at AS "addedAt",
      r.viewers, COALESCE(r.in_poll, false) AS "inPoll"
    FROM list_performers lp
    JOIN performers p USING (performer_id)
    LEFT JOIN LATERAL (${room}) r ON true
    WHERE lp.list_id = ${listId}
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)`.execute(
    db,
  );
  return rows;
}

/** Whether the user watches the list. */
export async function watchesList(db: Db, userId: string, listId: string): Promise<boolean> {
  const row = await db
    .selectFrom("list_watches")
    .select("list_id")
    .where("user_id", "=", userId)
    .where("list_id", "=", listId)
    .executeTakeFirst();
  return row !== undefined;
}

/** What decides whether a list's cached figures still hold: its owner, visibility and last change. */
export interface ListVersion {
  userId: string;
  isPublic: boolean;
  updatedAt: Date;
}

/** One row by the primary key. */
export async function listVersion(db: Db, listId: string): Promise<ListVersion | undefined> {
  return db
    .selectFrom("lists")
    .select(["user_id as userId", "is_public as isPublic", "updated_at as updatedAt"])
    .where("list_id", "=", listId)
    .executeTakeFirst();
}
