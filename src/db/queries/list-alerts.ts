import { sql } from "kysely";
import type { Db } from "../connect.ts";
import type { ListAlerts } from "../schema.ts";
import type { ListChange } from "./lists.ts";

/**
 * Go-live alerts (decision 0020): the watches' choices, the go-live events, and the claims that
 * keep a mail from going twice. A list counts for a watcher only while they may see it (their own,
 * or public), to an account whose address is confirmed; an opted-out performer never counts.
 */

const visibleToWatcher = sql`(l.is_public OR l.user_id = w.user_id)`;
const notOptedOut = sql`NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)`;

/** Sets the alerts of a list the user may see, watching it if they did not; not-found otherwise. */
export async function setListAlerts(
  db: Db,
  userId: string,
  listId: string,
  alerts: ListAlerts,
): Promise<ListChange> {
  const { rows } = await sql<{ list_id: string }>`
    INSERT INTO list_watches (user_id, list_id, alerts)
    SELECT ${userId}::uuid, l.list_id, ${alerts} FROM lists l
    WHERE l.list_id = ${listId} AND (l.is_public OR l.user_id = ${userId}::uuid)
    ON CONFLICT (user_id, list_id) DO UPDATE SET alerts = excluded.alerts
    RETURNING list_id`.execute(db);
  return rows.length > 0 ? "ok" : "not-found";
}

/** The alerts of every list the user watches and may still see. */
export async function listAlertsOf(db: Db, userId: string): Promise<Record<string, ListAlerts>> {
  const { rows } = await sql<{ list_id: string; alerts: ListAlerts }>`
    SELECT w.list_id, w.alerts FROM list_watches w JOIN lists l USING (list_id)
    WHERE w.user_id = ${userId}::uuid AND ${visibleToWatcher}
    ORDER BY w.list_id`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.list_id, row.alerts]));
}

/** Turns off one watch's alerts, or (listId null) every daily digest of the user. Idempotent. */
export async function turnOffListAlerts(db: Db, userId: string, listId: string | null): Promise<void> {
  let update = db.updateTable("list_watches").set({ alerts: "off" }).where("user_id", "=", userId);
  update = listId === null ? update.where("alerts", "=", "digest") : update.where("list_id", "=", listId);
  await update.execute();
}

/** The newest complete poll before `before`, if any. */
export async function previousCompletePoll(db: Db, before: Date): Promise<Date | null> {
  const row = await db
    .selectFrom("polls")
    .select("observed_at")
    .where("status", "=", "complete")
    .where("observed_at", "<", before)
    .orderBy("observed_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.observed_at ?? null;
}

/**
 * Records who went live in the complete poll at `current`: the performers on any list who are in
 * its snapshots and not in those of the complete poll at `previous`. When each went live is the
 * feed's own count of seconds online, kept between the two polls. A poll recorded twice records
 * nothing more. Returns how many events were new.
 */
export async function recordGoLiveEvents(db: Db, current: Date, previous: Date): Promise<number> {
  const result = await sql`
    INSERT INTO go_live_events (performer_id, went_live_at, poll_observed_at)
    SELECT s.performer_id,
      LEAST(${current}::timestamptz, GREATEST(${previous}::timestamptz + interval '1 millisecond',
        ${current}::timestamptz - make_interval(secs => COALESCE(s.seconds_online, 0)))),
      ${current}::timestamptz
    FROM snapshots s
    WHERE s.observed_at = ${current}::timestamptz
      AND EXISTS (SELECT 1 FROM list_performers lp WHERE lp.performer_id = s.performer_id)
      AND NOT EXISTS (
        SELECT 1 FROM snapshots b WHERE b.observed_at = ${previous}::timestamptz AND b.performer_id = s.performer_id)
      AND NOT EXISTS (
        SELECT 1 FROM go_live_events e WHERE e.performer_id = s.performer_id AND e.poll_observed_at = ${current}::timestamptz)
    ON CONFLICT DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** One performer claimed for one alert mail: to whom, for which of their lists. */
export interface AlertClaim {
  userId: string;
  email: string;
  listId: string;
  listName: string;
  performerId: number;
  username: string;
  /** The claim's own instant, and the one it replaced: to give the claim back if the mail fails. */
  sentAt: Date;
  previousSentAt: Date | null;
}

/**
 * Claims the alerts to send for the go-live events recorded by the polls observed in [from, to]:
 * each (watcher with alerts 'each', performer) pair once, on the first by name of the watcher's
 * lists that hold the performer, unless that watcher was alerted about that performer after
 * `now - minGapMs`. The claim is the last-alert row itself (live_alerts), taken in one statement:
 * two processes, or a run repeated over the same events, cannot both claim a pair.
 */
export async function claimEachAlerts(
  db: Db,
  window: { from: Date; to: Date },
  now: Date,
  minGapMs: number,
): Promise<AlertClaim[]> {
  const { rows } = await sql<AlertClaim>`
    WITH candidates AS (
      SELECT DISTINCT ON (w.user_id, e.performer_id)
        w.user_id, u.email, l.list_id, l.name AS list_name, e.performer_id, p.username
      FROM go_live_events e
      JOIN performers p ON p.performer_id = e.performer_id
      JOIN list_performers lp ON lp.performer_id = e.performer_id
      JOIN lists l ON l.list_id = lp.list_id
      JOIN list_watches w ON w.list_id = l.list_id AND w.alerts = 'each'
      JOIN users u ON u.id = w.user_id AND u.email_verified
      WHERE e.poll_observed_at BETWEEN ${window.from}::timestamptz AND ${window.to}::timestamptz
        AND ${visibleToWatcher} AND ${notOptedOut}
      ORDER BY w.user_id, e.performer_id, l.name, l.list_id
    ),
    previous AS (
      SELECT a.user_id, a.performer_id, a.sent_at FROM live_alerts a JOIN candidates c USING (user_id, performer_id)
    ),
    claimed AS (
      INSERT INTO live_alerts (user_id, performer_id, sent_at)
      SELECT user_id, performer_id, ${now}::timestamptz FROM candidates
      ON CONFLICT (user_id, performer_id) DO UPDATE SET sent_at = excluded.sent_at
      WHERE live_alerts.sent_at <= excluded.sent_at - make_interval(secs => ${minGapMs / 1000})
      RETURNING user_id, performer_id, sent_at
    )
    SELECT c.user_id AS "userId", c.email, c.list_id AS "listId", c.list_name AS "listName",
      c.performer_id AS "performerId", c.username, k.sent_at AS "sentAt", b.sent_at AS "previousSentAt"
    FROM candidates c
    JOIN claimed k USING (user_id, performer_id)
    LEFT JOIN previous b USING (user_id, performer_id)
    ORDER BY c.user_id, c.list_id, c.username`.execute(db);
  return rows;
}

/** Gives claims back after their mail could not be sent, unless a later claim replaced them. */
export async function releaseAlertClaims(db: Db, claims: readonly AlertClaim[]): Promise<void> {
  for (const claim of claims) {
    if (claim.previousSentAt === null) {
      await db
        .deleteFrom("live_alerts")
        .where("user_id", "=", claim.userId)
        .where("performer_id", "=", claim.performerId)
        .where("sent_at", "=", claim.sentAt)
        .execute();
    } else {
      await db
        .updateTable("live_alerts")
        .set({ sent_at: claim.previousSentAt })
        .where("user_id", "=", claim.userId)
        .where("performer_id", "=", claim.performerId)
        .where("sent_at", "=", claim.sentAt)
        .execute();
    }
  }
}

/** The users with a daily digest on some list they may see, whose address is confirmed. */
export async function digestUsers(db: Db): Promise<{ userId: string; email: string }[]> {
  const { rows } = await sql<{ userId: string; email: string }>`
    SELECT DISTINCT w.user_id AS "userId", u.email
    FROM list_watches w JOIN lists l USING (list_id) JOIN users u ON u.id = w.user_id AND u.email_verified
    WHERE w.alerts = 'digest' AND ${visibleToWatcher}
    ORDER BY w.user_id`.execute(db);
  return rows;
}

/**
 * Claims a user's digest through `through`: moves their marker there unless it is there already.
 * The marker it replaced (null for a first digest), or undefined when there was nothing to claim.
 */
export async function claimDigest(
  db: Db,
  userId: string,
  through: Date,
): Promise<{ previous: Date | null } | undefined> {
  const { rows } = await sql<{ previous: Date | null }>`
    WITH previous AS (SELECT sent_through FROM list_digest_sent WHERE user_id = ${userId}::uuid),
    claimed AS (
      INSERT INTO list_digest_sent (user_id, sent_through) VALUES (${userId}::uuid, ${through}::timestamptz)
      ON CONFLICT (user_id) DO UPDATE SET sent_through = excluded.sent_through
      WHERE list_digest_sent.sent_through < excluded.sent_through
      RETURNING user_id
    )
    SELECT (SELECT sent_through FROM previous) AS previous FROM claimed`.execute(db);
  return rows[0];
}

/** Gives a digest's claim back (its mail could not be sent), unless a later claim replaced it. */
export async function releaseDigest(db: Db, userId: string, through: Date, previous: Date | null) {
  if (previous === null) {
    await db
      .deleteFrom("list_digest_sent")
      .where("user_id", "=", userId)
      .where("sent_through", "=", through)
      .execute();
  } else {
    await db
      .updateTable("list_digest_sent")
      .set({ sent_through: previous })
      .where("user_id", "=", userId)
      .where("sent_through", "=", through)
      .execute();
  }
}

/** A performer who went live, on one of a user's digest lists. */
export interface DigestLine {
  listId: string;
  listName: string;
  username: string;
  /** The last time they went live within the window, and how many times they did. */
  lastWentLiveAt: Date;
  times: number;
}

/** What a user's digest holds: events recorded by the polls observed in (from, to], by list. */
export async function digestLines(
  db: Db,
  userId: string,
  window: { from: Date; to: Date },
): Promise<DigestLine[]> {
  const { rows } = await sql<DigestLine>`
    SELECT l.list_id AS "listId", l.name AS "listName", p.username,
      max(e.went_live_at) AS "lastWentLiveAt", count(*)::int AS times
    FROM list_watches w
    JOIN lists l USING (list_id)
    JOIN list_performers lp ON lp.list_id = l.list_id
    JOIN go_live_events e ON e.performer_id = lp.performer_id
    JOIN performers p ON p.performer_id = e.performer_id
    WHERE w.user_id = ${userId}::uuid AND w.alerts = 'digest' AND ${visibleToWatcher} AND ${notOptedOut}
      AND e.poll_observed_at > ${window.from}::timestamptz AND e.poll_observed_at <= ${window.to}::timestamptz
    GROUP BY l.list_id, l.name, p.username
    ORDER BY l.name, l.list_id, max(e.went_live_at) DESC, p.username`.execute(db);
  return rows;
}

/** One entry of a public list's Atom feed. */
export interface FeedEvent {
  performerId: number;
  username: string;
  wentLiveAt: Date;
}

/**
 * A public list's name and its go-live events since `since`, newest first, at most `limit`; opted-out
 * performers left out. undefined for a private or unknown list (the feed is public lists' only).
 */
export async function publicListFeed(
  db: Db,
  listId: string,
  since: Date,
  limit: number,
): Promise<{ name: string; description: string; updatedAt: Date; events: FeedEvent[] } | undefined> {
  const list = await db
    .selectFrom("lists")
    .select(["name", "description", "updated_at as updatedAt"])
    .where("list_id", "=", listId)
    .where("is_public", "=", true)
    .executeTakeFirst();
  if (list === undefined) return undefined;
  const { rows } = await sql<FeedEvent>`
    SELECT e.performer_id AS "performerId", p.username, e.went_live_at AS "wentLiveAt"
    FROM list_performers lp
    JOIN go_live_events e ON e.performer_id = lp.performer_id AND e.went_live_at >= ${since}::timestamptz
    JOIN performers p ON p.performer_id = e.performer_id
    WHERE lp.list_id = ${listId} AND ${notOptedOut}
    ORDER BY e.went_live_at DESC, p.username
    LIMIT ${limit}`.execute(db);
  return { ...list, events: rows };
}

/** Forgets go-live events recorded before `before`, and last alerts older than the 6-hour rule needs. */
export async function pruneGoLive(db: Db, events: Date, alerts: Date): Promise<void> {
  await db.deleteFrom("go_live_events").where("poll_observed_at", "<", events).execute();
  await db.deleteFrom("live_alerts").where("sent_at", "<", alerts).execute();
}
