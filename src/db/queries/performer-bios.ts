import { sql } from "kysely";
import { arrayLiteral } from "../array-literal.ts";
import type { Db } from "../connect.ts";

/** A performer whose about-me text is due (never fetched, or fetched before the refresh cutoff). */
export interface BioCandidate {
  performerId: number;
  username: string;
  /**
   * An opt-out code waits for this performer (decision 0044): asked for even when opted out, its
   * text looked at for the code, and stored only if the performer is not opted out after that.
   */
  codePending?: boolean;
}

/**
 * The next performers to fetch a bio for: those without one first (a new performer is worth more
 * than a refresh), then the stalest-due; within each, the most recently seen first, since they are
 * the ones people search for. Confirmed opt-outs are never picked, nor a performer whose last
 * request failed until its retry time (`now`). With `claimRecheckBefore`, performers with a claim
 * or an opt-out code waiting come before all of them (claimedNeedingBio, codedNeedingBio).
 */
export async function performersNeedingBio(
  db: Db,
  options: { staleBefore: Date; limit: number; now: Date; claimRecheckBefore?: Date },
): Promise<BioCandidate[]> {
  const recheck = options.claimRecheckBefore;
  const coded =
    recheck === undefined ? [] : await codedNeedingBio(db, { ...options, recheckBefore: recheck });
  const claimedOnly =
    recheck === undefined ? [] : await claimedNeedingBio(db, { ...options, recheckBefore: recheck });
  const codedIds = new Set(coded.map((c) => c.performerId));
  const claimed = [...coded, ...claimedOnly.filter((c) => !codedIds.has(c.performerId))].slice(
    0,
    options.limit,
  );
  if (claimed.length >= options.limit) return claimed;
  const first = arrayLiteral(claimed.map((c) => c.performerId));
  const { rows } = await sql<BioCandidate>`
    SELECT p.performer_id AS "performerId", p.username
    FROM performers p
    LEFT JOIN performer_bios b ON b.performer_id = p.performer_id
    WHERE (b.performer_id IS NULL OR b.fetched_at < ${options.staleBefore})
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM bio_fetch_failures f WHERE f.performer_id = p.performer_id AND f.retry_at > ${options.now})
      AND p.performer_id <> ALL(${first}::bigint[])
    ORDER BY (b.performer_id IS NULL) DESC, p.last_seen DESC, p.performer_id
    LIMIT ${options.limit - claimed.length}`.execute(db);
  return [...claimed, ...rows];
}

/**
 * How many performers are due a bio now (performersNeedingBio's rule, with no limit): the bio
 * fetcher's queue, for the metrics. The claimed ones are among them or already fresh.
 */
export async function countPerformersNeedingBio(
  db: Db,
  options: { staleBefore: Date; now: Date },
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n
    FROM performers p
    LEFT JOIN performer_bios b ON b.performer_id = p.performer_id
    WHERE (b.performer_id IS NULL OR b.fetched_at < ${options.staleBefore})
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM bio_fetch_failures f WHERE f.performer_id = p.performer_id AND f.retry_at > ${options.now})`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Performers someone claims to be (decision 0021) whose about-me was not read since the claim was
 * made, nor within the recheck interval (`recheckBefore`): first in line, so a code put in an
 * about-me is seen within minutes, not at the next refresh days later.
 */
async function claimedNeedingBio(
  db: Db,
  options: { limit: number; now: Date; recheckBefore: Date },
): Promise<BioCandidate[]> {
  const { rows } = await sql<BioCandidate>`
    SELECT p.performer_id AS "performerId", p.username
    FROM (
      SELECT performer_id, max(created_at) AS claimed_at FROM performer_claims
      WHERE verified_at IS NULL AND expires_at > ${options.now}
      GROUP BY performer_id
    ) c
    JOIN performers p ON p.performer_id = c.performer_id
    LEFT JOIN performer_bios b ON b.performer_id = p.performer_id
    WHERE (b.performer_id IS NULL OR b.fetched_at < greatest(c.claimed_at, ${options.recheckBefore}))
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM bio_fetch_failures f WHERE f.performer_id = p.performer_id AND f.retry_at > ${options.now})
    ORDER BY c.claimed_at, p.performer_id
    LIMIT ${options.limit}`.execute(db);
  return rows;
}

/**
 * Performers with an opt-out code waiting (decision 0044) whose about-me was not looked at for it
 * since the newest code was made, nor within the recheck interval; opted-out ones included (their
 * way back in), since their text is only looked at, never stored.
 */
async function codedNeedingBio(
  db: Db,
  options: { limit: number; now: Date; recheckBefore: Date },
): Promise<BioCandidate[]> {
  const { rows } = await sql<BioCandidate>`
    SELECT p.performer_id AS "performerId", p.username, true AS "codePending"
    FROM (
      SELECT performer_id, max(created_at) AS coded_at,
        min(coalesce(bio_checked_at, '-infinity'::timestamptz)) AS checked_at
      FROM optout_codes
      WHERE used_at IS NULL AND expires_at > ${options.now}
      GROUP BY performer_id
    ) c
    JOIN performers p ON p.performer_id = c.performer_id
    WHERE c.checked_at < greatest(c.coded_at, ${options.recheckBefore})
      AND NOT EXISTS (SELECT 1 FROM bio_fetch_failures f WHERE f.performer_id = p.performer_id AND f.retry_at > ${options.now})
    ORDER BY c.coded_at, p.performer_id
    LIMIT ${options.limit}`.execute(db);
  return rows;
}

export interface BioRow {
  performerId: number;
  aboutMe: string;
  fetchedAt: Date;
}

/**
 * Stores fetched texts in one statement, replacing older ones; changed_at moves only when the
 * text did (the search rebuilds its text index only then). A performer whose opt-out was
 * confirmed after the text was fetched is left out here, so it is never stored.
 * Returns how many rows were written.
 */
export async function storeBios(db: Db, bios: readonly BioRow[]): Promise<number> {
  if (bios.length === 0) return 0;
  // One row per performer: ON CONFLICT cannot update the same row twice in one statement.
  const latest = new Map(bios.map((bio) => [bio.performerId, bio]));
  const rows = [...latest.values()];
  const result = await sql`
    INSERT INTO performer_bios (performer_id, about_me, fetched_at, changed_at)
    SELECT b.performer_id, b.about_me, b.fetched_at, b.fetched_at
    FROM unnest(
      ${arrayLiteral(rows.map((r) => r.performerId))}::bigint[],
      ${arrayLiteral(rows.map((r) => r.aboutMe))}::text[],
      ${arrayLiteral(rows.map((r) => r.fetchedAt.toISOString()))}::timestamptz[]
    ) AS b(performer_id, about_me, fetched_at)
    JOIN performers p ON p.performer_id = b.performer_id
    WHERE NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    ON CONFLICT (performer_id) DO UPDATE SET about_me = EXCLUDED.about_me, fetched_at = EXCLUDED.fetched_at,
      changed_at = CASE WHEN performer_bios.about_me IS DISTINCT FROM EXCLUDED.about_me
        THEN EXCLUDED.fetched_at ELSE performer_bios.changed_at END`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** A failed profile request: who, why, when. */
export interface BioFailure {
  performerId: number;
  error: string;
  failedAt: Date;
}

/**
 * Records failed requests, each one more failure in its performer's run, with the time it may be
 * asked again: `retryDelayMs(failures in a row)` after it failed.
 */
export async function recordBioFailures(
  db: Db,
  failures: readonly BioFailure[],
  retryDelayMs: (failuresInARow: number) => number,
): Promise<void> {
  if (failures.length === 0) return;
  const latest = [...new Map(failures.map((f) => [f.performerId, f])).values()];
  const ids = arrayLiteral(latest.map((f) => f.performerId));
  const { rows } = await sql<{ performer_id: number; failures: number }>`
    SELECT performer_id, failures FROM bio_fetch_failures WHERE performer_id = ANY(${ids}::bigint[])`.execute(
    db,
  );
  const before = new Map(rows.map((r) => [r.performer_id, r.failures]));
  const runs = latest.map((f) => (before.get(f.performerId) ?? 0) + 1);
  const retryAt = latest.map((f, i) => new Date(f.failedAt.getTime() + retryDelayMs(runs[i] ?? 1)));
  await sql`
    INSERT INTO bio_fetch_failures (performer_id, failures, last_error, failed_at, retry_at)
    SELECT * FROM unnest(
      ${ids}::bigint[],
      ${arrayLiteral(runs)}::int[],
      ${arrayLiteral(latest.map((f) => f.error))}::text[],
      ${arrayLiteral(latest.map((f) => f.failedAt.toISOString()))}::timestamptz[],
      ${arrayLiteral(retryAt.map((d) => d.toISOString()))}::timestamptz[]
    )
    ON CONFLICT (performer_id) DO UPDATE SET failures = EXCLUDED.failures, last_error = EXCLUDED.last_error,
      failed_at = EXCLUDED.failed_at, retry_at = EXCLUDED.retry_at`.execute(db);
}

/** Ends the runs of failures of performers whose profile was just read (a text or a 404). */
export async function clearBioFailures(db: Db, performerIds: readonly number[]): Promise<void> {
  if (performerIds.length === 0) return;
  await sql`
    DELETE FROM bio_fetch_failures
    WHERE performer_id = ANY(${arrayLiteral([...performerIds])}::bigint[])`.execute(db);
}
