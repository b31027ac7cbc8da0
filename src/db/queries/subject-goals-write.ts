import { sql } from "kysely";
import type { Db } from "../connect.ts";

/**
 * Writing subject_goals (migration 0019, decision 0024): one row per performer and item, holding
 * the price last asked. A goal's amount ('goal') replaces what was there; the tokens left ('left')
 * are kept as the highest seen while the same goal stays, that is while the row was seen within
 * `continueWithinMs` (the collector's session grace), and start over after. A 'left' sighting of
 * an item whose full amount is known and still current keeps that amount: the goal is the price.
 * A sighting older than the row changes nothing, so the backfill and the polls can meet.
 */

export interface GoalSighting {
  item: string;
  itemKey: string;
  tokens: number;
  amountKind: "goal" | "left";
  /** The room's gender; null takes the performer's stored one (a row without any is skipped). */
  gender: "f" | "m" | "t" | "c" | null;
}

export interface PolledGoal extends GoalSighting {
  username: string;
}

export interface HistoricGoal extends GoalSighting {
  performerId: number;
  firstSeen: Date;
  lastSeen: Date;
}

const onConflict = (continueWithinMs: number) => sql`
  ON CONFLICT (performer_id, item_key) DO UPDATE SET
    item = EXCLUDED.item,
    tokens = CASE
      WHEN g.last_seen < EXCLUDED.last_seen - ${continueWithinMs} * interval '1 millisecond' THEN EXCLUDED.tokens
      WHEN EXCLUDED.amount_kind = 'goal' THEN EXCLUDED.tokens
      WHEN g.amount_kind = 'goal' THEN g.tokens
      ELSE greatest(g.tokens, EXCLUDED.tokens) END,
    amount_kind = CASE
      WHEN g.last_seen < EXCLUDED.last_seen - ${continueWithinMs} * interval '1 millisecond' THEN EXCLUDED.amount_kind
      WHEN EXCLUDED.amount_kind = 'goal' OR g.amount_kind = 'goal' THEN 'goal'
      ELSE 'left' END,
    gender = EXCLUDED.gender,
    first_seen = least(g.first_seen, EXCLUDED.first_seen),
    last_seen = EXCLUDED.last_seen
  WHERE g.last_seen <= EXCLUDED.last_seen`;

/**
 * One poll's goals, in one statement: each room's performer found by name (the poll's write has
 * committed them), all seen at `observedAt`. Answers the rows written.
 */
export async function writePolledGoals(
  db: Db,
  goals: readonly PolledGoal[],
  observedAt: Date,
  continueWithinMs: number,
): Promise<number> {
  if (goals.length === 0) return 0;
  const result = await sql`
    INSERT INTO subject_goals AS g (performer_id, item_key, item, tokens, amount_kind, gender, first_seen, last_seen)
    SELECT p.performer_id, u.item_key, u.item, u.tokens, u.kind, coalesce(u.gender, p.gender), ${observedAt}, ${observedAt}
    FROM unnest(
      ${goals.map((g) => g.username)}::text[], ${goals.map((g) => g.itemKey)}::text[],
      ${goals.map((g) => g.item)}::text[], ${goals.map((g) => g.tokens)}::int[],
      ${goals.map((g) => g.amountKind)}::text[], ${goals.map((g) => g.gender)}::text[]
    ) AS u (username, item_key, item, tokens, kind, gender)
    JOIN performers p ON p.username = u.username
    WHERE coalesce(u.gender, p.gender) IS NOT NULL
    ${onConflict(continueWithinMs)}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Goals from the stored history (the backfill): each with its own first and last sighting. */
export async function writeHistoricGoals(
  db: Db,
  goals: readonly HistoricGoal[],
  continueWithinMs: number,
): Promise<number> {
  if (goals.length === 0) return 0;
  const result = await sql`
    INSERT INTO subject_goals AS g (performer_id, item_key, item, tokens, amount_kind, gender, first_seen, last_seen)
    SELECT u.performer_id, u.item_key, u.item, u.tokens, u.kind, coalesce(u.gender, p.gender), u.first_seen, u.last_seen
    FROM unnest(
      ${goals.map((g) => g.performerId)}::bigint[], ${goals.map((g) => g.itemKey)}::text[],
      ${goals.map((g) => g.item)}::text[], ${goals.map((g) => g.tokens)}::int[],
      ${goals.map((g) => g.amountKind)}::text[], ${goals.map((g) => g.gender)}::text[],
      ${goals.map((g) => g.firstSeen)}::timestamptz[], ${goals.map((g) => g.lastSeen)}::timestamptz[]
    ) AS u (performer_id, item_key, item, tokens, kind, gender, first_seen, last_seen)
    JOIN performers p ON p.performer_id = u.performer_id
    WHERE coalesce(u.gender, p.gender) IS NOT NULL
    ${onConflict(continueWithinMs)}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function hasSubjectGoals(db: Db): Promise<boolean> {
  const { rows } = await sql<{ any: boolean }>`SELECT EXISTS (SELECT 1 FROM subject_goals) AS any`.execute(
    db,
  );
  return rows[0]?.any ?? false;
}

/** A stored subject from the history: a session's last one, or a performer's latest. */
export interface StoredSubject {
  performerId: number;
  subject: string;
  gender: "f" | "m" | "t" | "c" | null;
  start: Date;
  end: Date;
}

/**
 * The subjects held from `since` to before `until`, a page at a time in key order (after `after`): the sessions'
 * (their last subject, seen from start to end), then each performer's current one at their last
 * sighting (a performer whose history was never split into sessions).
 */
export async function storedSubjects(
  db: Db,
  since: Date,
  until: Date,
  after: { performerId: number; start: Date } | null,
  limit: number,
): Promise<StoredSubject[]> {
  const { rows } = await sql<StoredSubject>`
    SELECT s.performer_id AS "performerId", s.room_subject AS subject, p.gender,
      s.start_time AS start, s.end_time AS "end"
    FROM stream_sessions s JOIN performers p ON p.performer_id = s.performer_id
    WHERE s.room_subject IS NOT NULL AND s.end_time >= ${since} AND s.end_time < ${until}
      ${after === null ? sql`` : sql`AND (s.performer_id, s.start_time) > (${after.performerId}, ${after.start})`}
    ORDER BY s.performer_id, s.start_time
    LIMIT ${limit}`.execute(db);
  return rows;
}

export async function performerSubjects(db: Db, since: Date, until: Date): Promise<StoredSubject[]> {
  const { rows } = await sql<StoredSubject>`
    SELECT performer_id AS "performerId", room_subject AS subject, gender,
      last_seen AS start, last_seen AS "end"
    FROM performers WHERE room_subject IS NOT NULL AND last_seen >= ${since} AND last_seen < ${until}`.execute(
    db,
  );
  return rows;
}
