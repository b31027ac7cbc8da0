import { sql } from "kysely";
import { arrayLiteral } from "../db/array-literal.ts";
import type { Db } from "../db/connect.ts";
import { latestCompletePoll } from "../db/queries/online-now.ts";

/**
 * What the search index loads from PostgreSQL (docs/decisions/0005). Each function reads one thing;
 * the big reads go in chunks by performer_id so the process never holds a 500,000-row result and
 * the event loop gets a turn between chunks.
 */

const CHUNK = 25_000;

/** One performer as the model search shows and filters them (SPEC §3 search result performer). */
export interface SearchRow {
  performerId: number;
  username: string;
  displayName: string | null;
  gender: "f" | "m" | "t" | "c" | null;
  /** The display age: the platform's age, else the one its birthday gives; null when neither. */
  age: number | null;
  country: string | null;
  /**
   * The tags, space-separated (tags hold no spaces): one string a row, not an array of strings,
   * so a load of 500,000 rows does not hold 3.5 million small strings at once.
   */
  tags: string;
  followers: number | null;
  /** Highest peak viewers over the 30 ranking days to the newest rolled-up day (performer_peaks). */
  peakViewers: number | null;
  /** Epoch milliseconds (a number, not a Date object per row). */
  lastSeen: number;
}

/**
 * Every performer except confirmed opt-outs, with the tags a reviewer approved for them after the
 * feed's (issue 30: the tag filter finds them), chunk by chunk in performer_id order; from `after` on,
 * only those numbered after it (performer ids grow as performers are first seen, so these are the
 * performers seen since a load that read up to `after`).
 */
export async function* searchRows(db: Db, from = 0): AsyncGenerator<SearchRow[]> {
  let after = from;
  for (;;) {
    const { rows } = await sql<SearchRow>`
      SELECT p.performer_id AS "performerId", p.username, p.display_name AS "displayName", p.gender,
        COALESCE(p.age, date_part('year', age(p.birthday))::int) AS age,
        NULLIF(p.country, '') AS country,
        array_to_string(CASE WHEN x.tags IS NULL THEN p.tags
          ELSE p.tags || ARRAY(SELECT t FROM unnest(x.tags) t WHERE NOT t = ANY(p.tags)) END, ' ') AS tags,
        p.followers,
        pk.peak_viewers AS "peakViewers", (extract(epoch FROM p.last_seen) * 1000)::float8 AS "lastSeen"
      FROM performers p
      LEFT JOIN performer_peaks pk USING (performer_id)
      LEFT JOIN (
        SELECT username, array_agg(tag ORDER BY tag) AS tags FROM tag_suggestions
        WHERE status = 'approved' GROUP BY username
      ) x USING (username)
      WHERE p.performer_id > ${after}
        AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
      ORDER BY p.performer_id
      LIMIT ${CHUNK}`.execute(db);
    if (rows.length === 0) return;
    yield rows;
    after = (rows[rows.length - 1] as SearchRow).performerId;
  }
}

export type TextKind = "summary" | "fan_quote";

/** Where a text of the summaries search lives: about-me texts, approved summary suggestions, fan quotes. */
export type TextSource = "bio" | "suggestion" | "quote";

export interface SearchText {
  performerId: number;
  source: TextSource;
  /** The text's key in its table: performer_id for a bio, id for a suggestion, quote_id for a quote. */
  key: number;
  text: string;
}

/**
 * The texts the summaries search reads: each performer's about-me text (performer_bios), approved
 * summary suggestions and fan quotes (never a pending, rejected or hidden one).
 */
export async function* searchTexts(db: Db): AsyncGenerator<SearchText[]> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<SearchText>`
      SELECT performer_id AS "performerId", 'bio' AS source, performer_id AS key, about_me AS text
      FROM performer_bios
      WHERE performer_id > ${after} AND about_me <> ''
      ORDER BY performer_id
      LIMIT ${CHUNK}`.execute(db);
    if (rows.length === 0) break;
    yield rows;
    after = (rows[rows.length - 1] as SearchText).performerId;
  }
  const { rows: suggested } = await sql<SearchText>`
    SELECT p.performer_id AS "performerId", 'suggestion' AS source, s.id AS key, s.summary AS text
    FROM summary_suggestions s JOIN performers p USING (username)
    WHERE s.status = 'approved'
    ORDER BY s.id`.execute(db);
  yield suggested;
  const { rows: quotes } = await sql<SearchText>`
    SELECT performer_id AS "performerId", 'quote' AS source, quote_id AS key, quote AS text
    FROM fan_quotes WHERE status = 'approved' ORDER BY quote_id`.execute(db);
  yield quotes;
}

export interface TextAt {
  source: TextSource;
  key: number;
}

/** A text's place as textsAt's answer keys it. */
export const textPlace = ({ source, key }: TextAt): string => `${source} ${key}`;

/**
 * The texts at these places as they are now, by textPlace: the summaries search keeps no text in
 * memory and reads those an answer shows (at most 250, by primary key). A text gone since the
 * index was built (a bio emptied, a suggestion no longer approved) is missing from the answer.
 */
export async function textsAt(db: Db, wanted: readonly TextAt[]): Promise<Map<string, string>> {
  const keys = (source: TextSource) => wanted.filter((t) => t.source === source).map((t) => t.key);
  const [bios, suggestions, quotes] = [keys("bio"), keys("suggestion"), keys("quote")];
  const texts = new Map<string, string>();
  if (wanted.length === 0) return texts;
  const { rows } = await sql<TextAt & { text: string }>`
    SELECT 'bio' AS source, performer_id AS key, about_me AS text FROM performer_bios
    WHERE performer_id = ANY(${arrayLiteral(bios)}::bigint[]) AND about_me <> ''
    UNION ALL
    SELECT 'suggestion', id, summary FROM summary_suggestions
    WHERE id = ANY(${arrayLiteral(suggestions)}::bigint[]) AND status = 'approved'
    UNION ALL
    SELECT 'quote', quote_id, quote FROM fan_quotes
    WHERE quote_id = ANY(${arrayLiteral(quotes)}::bigint[]) AND status = 'approved'`.execute(db);
  for (const row of rows) texts.set(textPlace(row), row.text);
  return texts;
}

/**
 * A fingerprint of everything the summaries search reads: it changes when a text is added,
 * changed, approved or its approval undone, a quote approved or hidden, or an opt-out confirmed. Refetching a bio that did
 * not change leaves it alone (changed_at), so the texts are rebuilt only when there is news.
 */
export async function textsVersion(db: Db): Promise<string> {
  const { rows } = await sql<{ version: string }>`
    SELECT concat_ws(':',
      (SELECT count(*) FROM performer_bios),
      (SELECT max(changed_at) FROM performer_bios),
      (SELECT count(*) FROM summary_suggestions WHERE status = 'approved'),
      (SELECT max(reviewed_at) FROM summary_suggestions),
      (SELECT count(*) FROM fan_quotes WHERE status = 'approved'),
      (SELECT max(id) FROM moderation_decisions WHERE kind <> 'tag'),
      (SELECT count(*) FROM optouts WHERE confirmed_at IS NOT NULL)) AS version`.execute(db);
  return rows[0]?.version ?? "";
}

/** A performer's latest sighting and peak since performer_peaks' window, from recent sessions. */
export interface RecentSighting {
  performerId: number;
  lastSeen: Date;
  peakSince: number | null;
}

export interface LiveRows {
  /** The latest complete poll, or null before any. */
  observedAt: Date | null;
  /** Performers in that poll. */
  online: number[];
  recent: RecentSighting[];
}

/**
 * What changes every poll: who is online (the latest complete poll; a partial one misses rooms),
 * and each recent session's end and peak. performers.last_seen is refreshed at most every 10
 * minutes, so the exact last sighting is the end of the latest session; a session never spans more
 * than 48 hours, so those started in the last 50 hours hold every sighting newer than that. The
 * peaks are of sessions started after the newest day performer_peaks covers (today's, so far).
 */
export async function liveRows(db: Db, now: Date): Promise<LiveRows> {
  const at = await latestCompletePoll(db);
  const online =
    at === null
      ? []
      : (
          await sql<{ id: number }>`
            SELECT performer_id AS id FROM snapshots WHERE observed_at = ${at.toISOString()}::timestamptz`.execute(
            db,
          )
        ).rows.map((r) => r.id);
  const { rows: through } = await sql<{ day: string | null }>`
    SELECT MAX(through_day)::text AS day FROM performer_peaks`.execute(db);
  const day = through[0]?.day;
  const peaksFrom = day
    ? new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000)
    : new Date(now.getTime() - 30 * 86_400_000);
  const since = new Date(Math.min(peaksFrom.getTime(), now.getTime() - 50 * 3_600_000));
  const { rows: recent } = await sql<RecentSighting>`
    SELECT performer_id AS "performerId", MAX(end_time) AS "lastSeen",
      MAX(max_viewers) FILTER (WHERE start_time >= ${peaksFrom.toISOString()}::timestamptz) AS "peakSince"
    FROM stream_sessions
    WHERE start_time >= ${since.toISOString()}::timestamptz
    GROUP BY performer_id`.execute(db);
  return { observedAt: at, online, recent };
}

/** The performers whose opt-out is confirmed: the search hides them from the next query on, index or not. */
export async function optedOutIds(db: Db): Promise<number[]> {
  const { rows } = await sql<{ performer_id: number }>`
    SELECT p.performer_id FROM optouts o JOIN performers p ON p.username = o.username
    WHERE o.confirmed_at IS NOT NULL`.execute(db);
  return rows.map((r) => Number(r.performer_id));
}
