import { sql } from "kysely";
import { arrayLiteral } from "../array-literal.ts";
import type { Db } from "../connect.ts";

/** Show code of a public show in snapshots (SHOW_CODES.public, src/platform/parse-room.ts). */
const PUBLIC_SHOW = 1;

/** A performer whose profile thumbnail may be asked for now. */
export interface ThumbCandidate {
  performerId: number;
  username: string;
}

/**
 * The next performers to ask the image host for: those in a public show in the latest stored poll
 * (a failed poll stored no rooms), never asked for on `today` (UTC) nor waiting out failures, and
 * not opted out. Those without a kept thumbnail first, then the most watched: the ones the
 * rankings list and people open.
 */
export async function performersNeedingThumb(
  db: Db,
  options: { today: string; limit: number },
): Promise<ThumbCandidate[]> {
  const { rows: polls } = await sql<{ at: Date | null }>`
    SELECT MAX(observed_at) AS at FROM polls WHERE status <> 'failed'`.execute(db);
  const at = polls[0]?.at ?? null;
  if (at === null) return [];
  // The poll's instant as a constant, so that only its day's snapshot partition is read.
  const { rows } = await sql<ThumbCandidate>`
    SELECT p.performer_id AS "performerId", p.username
    FROM snapshots s
    JOIN performers p ON p.performer_id = s.performer_id
    LEFT JOIN performer_thumbs t ON t.performer_id = s.performer_id
    WHERE s.observed_at = ${at.toISOString()}::timestamptz AND s.show = ${PUBLIC_SHOW}
      AND (t.performer_id IS NULL OR (t.fetched_on < ${options.today}::date AND t.retry_on <= ${options.today}::date))
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    ORDER BY (t.stored_at IS NULL) DESC, s.viewers DESC NULLS LAST, p.performer_id
    LIMIT ${options.limit}`.execute(db);
  return rows;
}

/** How many performers are due a thumbnail today (performersNeedingThumb's rule, no limit): the keeper's queue. */
export async function countPerformersNeedingThumb(db: Db, options: { today: string }): Promise<number> {
  const { rows: polls } = await sql<{ at: Date | null }>`
    SELECT MAX(observed_at) AS at FROM polls WHERE status <> 'failed'`.execute(db);
  const at = polls[0]?.at ?? null;
  if (at === null) return 0;
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n
    FROM snapshots s
    JOIN performers p ON p.performer_id = s.performer_id
    LEFT JOIN performer_thumbs t ON t.performer_id = s.performer_id
    WHERE s.observed_at = ${at.toISOString()}::timestamptz AND s.show = ${PUBLIC_SHOW}
      AND (t.performer_id IS NULL OR (t.fetched_on < ${options.today}::date AND t.retry_on <= ${options.today}::date))
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Records a thumbnail kept on `day`: the run of failures ends, and the performer waits until the
 * next day. Nothing is written for a performer whose opt-out was confirmed meanwhile: the answer
 * is false, and the caller deletes the file it wrote.
 */
export async function recordThumbStored(
  db: Db,
  thumb: { performerId: number; day: string; storedAt: Date; hash: string },
): Promise<boolean> {
  const result = await sql`
    INSERT INTO performer_thumbs (performer_id, fetched_on, retry_on, stored_at, hash, failures, last_error)
    SELECT p.performer_id, ${thumb.day}::date, ${thumb.day}::date + 1, ${thumb.storedAt}, ${thumb.hash}, 0, NULL
    FROM performers p
    WHERE p.performer_id = ${thumb.performerId}
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    ON CONFLICT (performer_id) DO UPDATE SET fetched_on = EXCLUDED.fetched_on, retry_on = EXCLUDED.retry_on,
      stored_at = EXCLUDED.stored_at, hash = EXCLUDED.hash, failures = 0, last_error = NULL`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * Records a failed request on `day`, one more in the performer's run: it may be asked again
 * `retryDays(failures in a row)` days later. A thumbnail kept before stays: the latest we have.
 */
export async function recordThumbFailure(
  db: Db,
  failure: { performerId: number; day: string; error: string },
  retryDays: (failuresInARow: number) => number,
): Promise<void> {
  const { rows } = await sql<{ failures: number }>`
    SELECT failures FROM performer_thumbs WHERE performer_id = ${failure.performerId}`.execute(db);
  const failures = (rows[0]?.failures ?? 0) + 1;
  await sql`
    INSERT INTO performer_thumbs (performer_id, fetched_on, retry_on, failures, last_error)
    VALUES (${failure.performerId}, ${failure.day}::date, ${failure.day}::date + ${retryDays(failures)}::int,
      ${failures}, ${failure.error})
    ON CONFLICT (performer_id) DO UPDATE SET fetched_on = EXCLUDED.fetched_on, retry_on = EXCLUDED.retry_on,
      failures = EXCLUDED.failures, last_error = EXCLUDED.last_error`.execute(db);
}

/** Usernames of opted-out performers with a row here: their thumbnails are deleted (forgetOptedOutThumbs). */
export async function optedOutThumbs(db: Db): Promise<{ performerId: number; username: string }[]> {
  const { rows } = await sql<{ performerId: number; username: string }>`
    SELECT t.performer_id AS "performerId", p.username
    FROM performer_thumbs t
    JOIN performers p ON p.performer_id = t.performer_id
    JOIN optouts o ON o.username = p.username AND o.confirmed_at IS NOT NULL
    ORDER BY t.performer_id`.execute(db);
  return rows;
}

/** Drops performers' rows: nothing about their thumbnails is kept. */
export async function deleteThumbRows(db: Db, performerIds: readonly number[]): Promise<void> {
  if (performerIds.length === 0) return;
  await sql`DELETE FROM performer_thumbs WHERE performer_id = ANY(${arrayLiteral([...performerIds])}::bigint[])`.execute(
    db,
  );
}

/**
 * The hash of a performer's kept thumbnail, or null when none is kept or they opted out: the
 * performer page links the thumbnail with it, so a new one is not hidden by a cached old one.
 */
export async function keptThumbHash(db: Db, performerId: number): Promise<string | null> {
  const { rows } = await sql<{ hash: string | null }>`
    SELECT t.hash FROM performer_thumbs t
    JOIN performers p ON p.performer_id = t.performer_id
    WHERE t.performer_id = ${performerId} AND t.stored_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)`.execute(
    db,
  );
  return rows[0]?.hash ?? null;
}
