import { sql } from "kysely";
import type { Db } from "../connect.ts";
import type { GenderKey } from "../schema.ts";

/** One tag's figures for one gender on one day, as tag_days holds them. */
export interface TagGenderDay {
  tag: string;
  gender: GenderKey;
  performers: number;
  viewersSum: number;
  followersSum: number;
  followerGainSum: number;
}

/** Every tag of the day, per gender (tag_days already leaves opted-out performers out). */
export async function tagGenderDay(db: Db, day: string): Promise<TagGenderDay[]> {
  const { rows } = await sql<TagGenderDay>`
    SELECT tag, gender, performers, viewers_sum AS "viewersSum", followers_sum AS "followersSum",
      follower_gain_sum AS "followerGainSum"
    FROM tag_days
    WHERE day = ${day}::date
    ORDER BY tag COLLATE "C", gender`.execute(db);
  return rows;
}

/** Every tag with a tag_days row from `from` to `to`, sorted. */
export async function tagsSeen(db: Db, from: string, to: string): Promise<string[]> {
  const { rows } = await sql<{ tag: string }>`
    SELECT DISTINCT tag COLLATE "C" AS tag
    FROM tag_days
    WHERE day BETWEEN ${from}::date AND ${to}::date
    ORDER BY tag COLLATE "C"`.execute(db);
  return rows.map((r) => r.tag);
}

export interface TagMonth {
  tag: string;
  /** "YYYY-MM" */
  month: string;
  /** The tag's performers (all genders) summed over the month's days from `from` to `to`. */
  performerDays: number;
}

/** Per tag (of `tags`) and UTC month from `from` to `to`, its performers summed over the days. */
export async function tagMonths(
  db: Db,
  tags: readonly string[],
  from: string,
  to: string,
): Promise<TagMonth[]> {
  const { rows } = await sql<TagMonth>`
    SELECT tag, to_char(day, 'YYYY-MM') AS month, SUM(performers)::integer AS "performerDays"
    FROM tag_days
    WHERE day BETWEEN ${from}::date AND ${to}::date AND tag = ANY(${[...tags]}::text[])
    GROUP BY tag, 2
    ORDER BY tag COLLATE "C", 2`.execute(db);
  return rows;
}

/**
 * The months from `from` to `to` that have rolled-up days, with how many: the divisor of a daily
 * average. A day counts when tag_days has any row for it, so days before collection began are not
 * read as days on which no one used a tag.
 */
export async function monthsWithData(db: Db, from: string, to: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ month: string; days: number }>`
    SELECT to_char(d, 'YYYY-MM') AS month, COUNT(*)::integer AS days
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d
    WHERE EXISTS (SELECT 1 FROM tag_days t WHERE t.day = d::date)
    GROUP BY 1 ORDER BY 1`.execute(db);
  return new Map(rows.map((r) => [r.month, r.days]));
}

/** A tag used by the same performers as another tag. */
export interface CoUsedTag {
  tag: string;
  other: string;
  /** Performers who carried both tags on some day from `from` to `to` (not necessarily the same day). */
  performers: number;
}

/**
 * For each of `tags`, the other tags most of its performers also used from `from` to `to`, at most
 * `limit` each, most shared first, then by tag; pairs of a single performer are a coincidence and
 * left out. Opted-out performers are left out (performer_days keeps their past rows).
 */
export async function coUsedTags(
  db: Db,
  tags: readonly string[],
  from: string,
  to: string,
  limit: number,
): Promise<CoUsedTag[]> {
  const { rows } = await sql<CoUsedTag>`
    WITH used AS (
      SELECT DISTINCT d.performer_id, t.tag
      FROM performer_days d
      CROSS JOIN LATERAL unnest(d.tags) AS t(tag)
      JOIN performers p USING (performer_id)
      WHERE d.day BETWEEN ${from}::date AND ${to}::date
        AND NOT EXISTS (
          SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    ), pairs AS (
      SELECT a.tag, b.tag AS other, COUNT(*)::integer AS performers
      FROM used a JOIN used b ON b.performer_id = a.performer_id AND b.tag <> a.tag
      WHERE a.tag = ANY(${[...tags]}::text[])
      GROUP BY a.tag, b.tag
      HAVING COUNT(*) > 1
    ), ranked AS (
      SELECT tag, other, performers,
        row_number() OVER (PARTITION BY tag ORDER BY performers DESC, other COLLATE "C") AS place
      FROM pairs
    )
    SELECT tag, other, performers FROM ranked
    WHERE place <= ${limit}
    ORDER BY tag COLLATE "C", place`.execute(db);
  return rows;
}

/** Per tag of `tags`, the performers who used it from `from` to `to` (opted-out ones left out). */
export async function tagPerformersOver(
  db: Db,
  tags: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const { rows } = await sql<{ tag: string; performers: number }>`
    SELECT t.tag, COUNT(DISTINCT d.performer_id)::integer AS performers
    FROM performer_days d
    CROSS JOIN LATERAL unnest(d.tags) AS t(tag)
    JOIN performers p USING (performer_id)
    WHERE d.day BETWEEN ${from}::date AND ${to}::date AND t.tag = ANY(${[...tags]}::text[])
      AND NOT EXISTS (
        SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    GROUP BY t.tag`.execute(db);
  return new Map(rows.map((r) => [r.tag, r.performers]));
}
