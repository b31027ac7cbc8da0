import { sql, type Transaction } from "kysely";
import { arrayLiteral } from "../array-literal.ts";
import type { Db } from "../connect.ts";
import type { Database } from "../schema.ts";

/** What a reviewer reviews (issue 30): a suggested tag, a suggested summary, a fan quote. */
export const ITEM_KINDS = ["tag", "summary", "quote"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export interface ItemRef {
  kind: ItemKind;
  id: number;
}

/** Who decides: a moderator (MODERATOR_EMAILS), or the performer's own verified account. */
export interface Reviewer {
  userId: string;
  /** null: a moderator, every performer; else only these performers' items. */
  performerIds: readonly number[] | null;
}

export const decidedAs = (reviewer: Reviewer) => (reviewer.performerIds === null ? "moderator" : "performer");

/** One pending item as the queue shows it. */
export interface QueueItem {
  kind: ItemKind;
  id: number;
  performer: string;
  text: string;
  /** The sender's display name, or null for an anonymous suggestion (or an account without a name). */
  sender: string | null;
  /** How many times the same suggestion arrived while pending (a quote: 1). */
  times: number;
  suggestedAt: Date;
}

/** The table, key and time column of each kind. */
const TABLES = {
  tag: { table: "tag_suggestions", key: "id" },
  summary: { table: "summary_suggestions", key: "id" },
  quote: { table: "fan_quotes", key: "quote_id" },
} as const;

const idsOf = (items: readonly ItemRef[], kind: ItemKind) =>
  arrayLiteral(items.filter((i) => i.kind === kind).map((i) => i.id));

/** The pending items of every kind in one list (a view for the queue and its count). */
const pendingItems = sql`
  SELECT 'tag' AS kind, s.id, s.username AS performer, s.tag AS text, NULLIF(u.name, '') AS sender,
    s.times, s.suggested_at AS "suggestedAt", p.performer_id AS "performerId"
  FROM tag_suggestions s JOIN performers p ON p.username = s.username
  LEFT JOIN users u ON u.id = s.sender_id
  WHERE s.status = 'pending'
  UNION ALL
  SELECT 'summary', s.id, s.username, s.summary, NULLIF(u.name, ''), s.times, s.suggested_at, p.performer_id
  FROM summary_suggestions s JOIN performers p ON p.username = s.username
  LEFT JOIN users u ON u.id = s.sender_id
  WHERE s.status = 'pending'
  UNION ALL
  SELECT 'quote', q.quote_id, p.username, q.quote, NULLIF(u.name, ''), 1, q.created_at, q.performer_id
  FROM fan_quotes q JOIN performers p ON p.performer_id = q.performer_id
  LEFT JOIN users u ON u.id = q.user_id
  WHERE q.status = 'pending'`;

/** Opted-out performers' items wait unseen: nothing about them is shown, so there is nothing to review. */
const shownTo = (reviewer: Reviewer) => sql`
  NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = i.performer AND o.confirmed_at IS NOT NULL)
  AND (${reviewer.performerIds === null}
    OR i."performerId" = ANY(${arrayLiteral(reviewer.performerIds ?? [])}::bigint[]))`;

/** The pending items the reviewer may decide, oldest first, at most `limit`, and how many there are. */
export async function moderationQueue(
  db: Db,
  reviewer: Reviewer,
  limit: number,
): Promise<{ total: number; items: QueueItem[] }> {
  const { rows } = await sql<QueueItem & { total: string }>`
    SELECT i.kind, i.id::float8 AS id, i.performer, i.text, i.sender, i.times, i."suggestedAt",
      count(*) OVER () AS total
    FROM (${pendingItems}) i
    WHERE ${shownTo(reviewer)}
    ORDER BY i."suggestedAt", i.kind, i.id
    LIMIT ${limit}`.execute(db);
  const total = rows.length === 0 ? await pendingCount(db, reviewer) : Number(rows[0]?.total ?? 0);
  return { total, items: rows.map(({ total: _, ...item }) => item) };
}

async function pendingCount(db: Db, reviewer: Reviewer): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM (${pendingItems}) i WHERE ${shownTo(reviewer)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Each item's performer (null for a suggestion about a name never seen), or absent when no such item exists. */
export async function performersOfItems(
  db: Db,
  items: readonly ItemRef[],
): Promise<Map<string, number | null>> {
  const { rows } = await sql<{ kind: ItemKind; id: number; performerId: number | null }>`
    SELECT 'tag' AS kind, s.id::float8 AS id, p.performer_id::float8 AS "performerId"
    FROM tag_suggestions s LEFT JOIN performers p ON p.username = s.username
    WHERE s.id = ANY(${idsOf(items, "tag")}::bigint[])
    UNION ALL
    SELECT 'summary', s.id::float8, p.performer_id::float8
    FROM summary_suggestions s LEFT JOIN performers p ON p.username = s.username
    WHERE s.id = ANY(${idsOf(items, "summary")}::bigint[])
    UNION ALL
    SELECT 'quote', q.quote_id::float8, q.performer_id::float8 FROM fan_quotes q
    WHERE q.quote_id = ANY(${idsOf(items, "quote")}::bigint[])`.execute(db);
  return new Map(rows.map((r) => [itemKey(r), r.performerId === null ? null : Number(r.performerId)]));
}

export const itemKey = (item: ItemRef) => `${item.kind} ${item.id}`;

/** The status an item is in now, or null when there is no such item. */
async function statusOf(trx: Transaction<Database>, item: ItemRef): Promise<string | null> {
  const { table, key } = TABLES[item.kind];
  const { rows } = await sql<{ status: string }>`
    SELECT status FROM ${sql.table(table)} WHERE ${sql.ref(key)} = ${item.id} FOR UPDATE`.execute(trx);
  return rows[0]?.status ?? null;
}

const record = (trx: Transaction<Database>, item: ItemRef, action: string, reviewer: Reviewer) =>
  sql`INSERT INTO moderation_decisions (kind, item_id, action, decided_by, decided_as)
    VALUES (${item.kind}, ${item.id}, ${action}, ${reviewer.userId}, ${decidedAs(reviewer)})`.execute(trx);

export type Verdict = "approved" | "rejected";
export type DecideOutcome = Verdict | "already_decided" | "unknown";

/**
 * Approves or rejects each pending item, in one transaction, each decision recorded with who and
 * when. An item decided meanwhile (two reviewers at once) is left as it is: "already_decided".
 * The caller has checked that the reviewer may decide every item.
 */
export async function decideItems(
  db: Db,
  items: readonly ItemRef[],
  verdict: Verdict,
  reviewer: Reviewer,
): Promise<DecideOutcome[]> {
  return db.transaction().execute(async (trx) => {
    const outcomes: DecideOutcome[] = [];
    for (const item of items) {
      const status = await statusOf(trx, item);
      if (status === null) outcomes.push("unknown");
      else if (status !== "pending") outcomes.push("already_decided");
      else {
        const { table, key } = TABLES[item.kind];
        await sql`UPDATE ${sql.table(table)} SET status = ${verdict}, reviewed_at = now()
          WHERE ${sql.ref(key)} = ${item.id}`.execute(trx);
        await record(trx, item, verdict === "approved" ? "approve" : "reject", reviewer);
        outcomes.push(verdict);
      }
    }
    return outcomes;
  });
}

export type UndoOutcome = "pending" | "not_decided" | "unknown" | "newer_quote_pending";

/**
 * Returns a decided item to pending, recorded as an undo. A summary whose same text arrived again
 * since (a new pending row) is merged back into it, its count added; a quote whose fan has written
 * a newer one waiting for review stays decided (one pending quote per fan and performer).
 */
export async function undoDecision(db: Db, item: ItemRef, reviewer: Reviewer): Promise<UndoOutcome> {
  return db.transaction().execute(async (trx) => {
    const status = await statusOf(trx, item);
    if (status === null) return "unknown";
    if (status === "pending") return "not_decided";
    if (item.kind === "summary") {
      await sql`
        WITH twin AS (
          DELETE FROM summary_suggestions d USING summary_suggestions s
          WHERE s.id = ${item.id} AND d.status = 'pending' AND d.username = s.username
            AND md5(lower(normalize(d.summary, NFKC))) = md5(lower(normalize(s.summary, NFKC)))
          RETURNING d.times)
        UPDATE summary_suggestions SET times = times + COALESCE((SELECT sum(times) FROM twin), 0)
        WHERE id = ${item.id}`.execute(trx);
    }
    if (item.kind === "quote") {
      const { rows } = await sql`
        SELECT 1 FROM fan_quotes n JOIN fan_quotes q ON q.quote_id = ${item.id}
        WHERE n.status = 'pending' AND n.performer_id = q.performer_id AND n.user_id = q.user_id`.execute(
        trx,
      );
      if (rows.length > 0) return "newer_quote_pending";
    }
    const { table, key } = TABLES[item.kind];
    await sql`UPDATE ${sql.table(table)} SET status = 'pending', reviewed_at = NULL
      WHERE ${sql.ref(key)} = ${item.id}`.execute(trx);
    await record(trx, item, "undo", reviewer);
    return "pending";
  });
}

/** Hides a fan quote (the performer's own choice, or a moderator's), pending or approved; recorded. */
export async function hideQuote(db: Db, quoteId: number, reviewer: Reviewer): Promise<"hidden" | "unknown"> {
  return db.transaction().execute(async (trx) => {
    const status = await statusOf(trx, { kind: "quote", id: quoteId });
    if (status === null) return "unknown";
    if (status === "hidden") return "hidden";
    await sql`UPDATE fan_quotes SET status = 'hidden', reviewed_at = now() WHERE quote_id = ${quoteId}`.execute(
      trx,
    );
    await record(trx, { kind: "quote", id: quoteId }, "hide", reviewer);
    return "hidden";
  });
}

/** One recorded decision, as an item's history shows it. */
export interface DecisionRow {
  action: string;
  decidedBy: string | null;
  decidedAs: string;
  decidedAt: Date;
}

/** An item's decisions, oldest first. */
export async function decisionsOf(db: Db, item: ItemRef): Promise<DecisionRow[]> {
  const { rows } = await sql<DecisionRow>`
    SELECT action, decided_by AS "decidedBy", decided_as AS "decidedAs", decided_at AS "decidedAt"
    FROM moderation_decisions WHERE kind = ${item.kind} AND item_id = ${item.id} ORDER BY id`.execute(db);
  return rows;
}

/**
 * What a reviewer decided last that is still in force, newest first: the queue's "undo" list. A
 * decision undone since is left out.
 */
export async function recentDecisions(
  db: Db,
  reviewer: Reviewer,
  limit: number,
): Promise<(ItemRef & { action: string; decidedAt: Date; performer: string; text: string })[]> {
  const { rows } = await sql<ItemRef & { action: string; decidedAt: Date; performer: string; text: string }>`
    SELECT d.kind, d.item_id::float8 AS id, d.action, d.decided_at AS "decidedAt", t.performer, t.text
    FROM moderation_decisions d
    JOIN LATERAL (
      SELECT s.username AS performer, s.tag AS text FROM tag_suggestions s
      WHERE d.kind = 'tag' AND s.id = d.item_id AND s.status <> 'pending'
      UNION ALL
      SELECT s.username, s.summary FROM summary_suggestions s
      WHERE d.kind = 'summary' AND s.id = d.item_id AND s.status <> 'pending'
      UNION ALL
      SELECT p.username, q.quote FROM fan_quotes q JOIN performers p ON p.performer_id = q.performer_id
      WHERE d.kind = 'quote' AND q.quote_id = d.item_id AND q.status <> 'pending'
    ) t ON true
    WHERE d.decided_by = ${reviewer.userId} AND d.action <> 'undo'
      AND d.id = (SELECT max(l.id) FROM moderation_decisions l WHERE l.kind = d.kind AND l.item_id = d.item_id)
    ORDER BY d.id DESC
    LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * The newest decision's id, per what it changes: approved tags (the search's tag filter and the
 * additional tags file), approved texts (the summaries search). One index-only read each.
 */
export async function moderationVersion(db: Db): Promise<{ tags: string; texts: string }> {
  const { rows } = await sql<{ tags: string | null; texts: string | null }>`
    SELECT (SELECT max(id) FROM moderation_decisions WHERE kind = 'tag')::text AS tags,
      (SELECT max(id) FROM moderation_decisions WHERE kind <> 'tag')::text AS texts`.execute(db);
  return { tags: rows[0]?.tags ?? "", texts: rows[0]?.texts ?? "" };
}

/** What decides whether an account reviews: its address, whether confirmed, and the performers it is verified for. */
export async function reviewerFacts(
  db: Db,
  userId: string,
): Promise<{ email: string; emailVerified: boolean; performerIds: number[] } | null> {
  const { rows } = await sql<{ email: string; emailVerified: boolean; performerIds: number[] }>`
    SELECT u.email, u.email_verified AS "emailVerified",
      ARRAY(SELECT o.performer_id::float8 FROM performer_owners o WHERE o.user_id = u.id ORDER BY o.performer_id)
        AS "performerIds"
    FROM users u WHERE u.id = ${userId}`.execute(db);
  return rows[0] ?? null;
}

/**
 * Keeps a fan's quote about a performer for review: one pending quote per fan and performer, so a
 * second one while it waits replaces its text (`edited`). An approved or rejected quote stays as it
 * was; the new one waits beside it.
 */
export async function writeFanQuote(
  db: Db,
  performerId: number,
  userId: string,
  quote: string,
): Promise<{ quoteId: number; edited: boolean }> {
  const { rows } = await sql<{ quoteId: number; edited: boolean }>`
    INSERT INTO fan_quotes (performer_id, user_id, quote, status)
    VALUES (${performerId}, ${userId}, ${quote}, 'pending')
    ON CONFLICT (performer_id, user_id) WHERE status = 'pending'
    DO UPDATE SET quote = excluded.quote, updated_at = now()
    RETURNING quote_id::float8 AS "quoteId", (xmax <> 0) AS edited`.execute(db);
  return rows[0] as { quoteId: number; edited: boolean };
}

/** An approved fan quote as the performer page shows it. */
export interface ShownQuote {
  quoteId: number;
  quote: string;
  /** The fan's display name; null when their account has none. */
  by: string | null;
  approvedAt: Date;
}

/** A performer's approved quotes, newest approved first, at most `limit` (the caller has checked the performer is shown). */
export async function approvedQuotes(db: Db, performerId: number, limit: number): Promise<ShownQuote[]> {
  const { rows } = await sql<ShownQuote>`
    SELECT q.quote_id::float8 AS "quoteId", q.quote, NULLIF(u.name, '') AS by,
      COALESCE(q.reviewed_at, q.created_at) AS "approvedAt"
    FROM fan_quotes q LEFT JOIN users u ON u.id = q.user_id
    WHERE q.performer_id = ${performerId} AND q.status = 'approved'
    ORDER BY COALESCE(q.reviewed_at, q.created_at) DESC, q.quote_id DESC
    LIMIT ${limit}`.execute(db);
  return rows;
}
