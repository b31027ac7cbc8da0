import { type RawBuilder, sql } from "kysely";
import { namedCachePer } from "../../cache/named-cache.ts";
import {
  type PopularItem,
  type PriceSpread,
  TIP_MENU_GENDERS,
  type TipMenuAnswer,
  type TipMenuGender,
  type TipMenuItem,
} from "../../types/tipmenu.ts";
import type { Db } from "../connect.ts";

/** The search reads goals seen within this many days. */
export const TIP_MENU_DAYS = 90;
export const TIP_MENU_ITEMS = 100;
export const POPULAR_ITEMS = 24;

export interface TipMenuQuery {
  /** As asked (trimmed), echoed in the answer. */
  searchTerm: string;
  /** The term's key (itemKeyOf): lower case, letters and digits, one space between words. */
  termKey: string;
  gender: TipMenuGender | null;
  minTokens: number;
  maxTokens: number;
}

/**
 * How a stored key matches the term (decision 0024): the key without spaces holds the term without
 * spaces ("oil show" finds "oilshow" and "OIL SHOW!!", "dance" finds "lapdance"), or every word of
 * the term begins a word of the key ("show oil" finds "oil show"). Each word's containment comes
 * first: the trigram index on the distinct keys without spaces answers it (migration 0020).
 */
function matches(key: RawBuilder<unknown>, words: string[], compact: string) {
  const contained = words.map((w) => sql`replace(${key}, ' ', '') LIKE ${`%${w}%`}`);
  const prefixes = words.map((w) => sql`(' ' || ${key}) LIKE ${`% ${w}%`}`);
  return sql`(${sql.join(contained, sql` AND `)})
    AND (replace(${key}, ' ', '') LIKE ${`%${compact}%`} OR (${sql.join(prefixes, sql` AND `)}))`;
}

/** 0 the same key, 1 every word begins a word, 2 contained. */
function rank(key: RawBuilder<unknown>, termKey: string, words: string[]) {
  const prefixes = words.map((w) => sql`(' ' || ${key}) LIKE ${`% ${w}%`}`);
  return sql`CASE WHEN ${key} = ${termKey} THEN 0 WHEN ${sql.join(prefixes, sql` AND `)} THEN 1 ELSE 2 END`;
}

interface SpreadRow {
  gender: TipMenuGender | null;
  count: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

const noSpread = (): PriceSpread => ({ count: 0, min: null, q1: null, median: null, q3: null, max: null });

/**
 * The tip menu search in one statement: the matching goals of the last 90 days (the term matched
 * against the distinct keys, then those keys' rows read by index) and the menu lines
 * of verified performers, in the token range, opted-out performers left out; the best 100 of the
 * asked gender, and the prices' spread per gender and over all. Performers are looked up for the
 * 100 shown only; the opted-out ones are left out by id, a set read once.
 */
export async function searchTipMenus(db: Db, q: TipMenuQuery, now: Date): Promise<TipMenuAnswer> {
  const words = q.termKey.split(" ").filter(Boolean);
  const compact = words.join("");
  const since = new Date(now.getTime() - TIP_MENU_DAYS * 86_400_000);
  const itemKey = sql`k.item_key`;
  const menuKey = sql`l."itemKey"`;
  const { rows } = await sql<{
    items: Array<Omit<TipMenuItem, "lastSeen"> & { lastSeen: string }>;
    spread: SpreadRow[];
  }>`
    WITH opted AS MATERIALIZED (
      SELECT p.performer_id FROM optouts o JOIN performers p ON p.username = o.username
      WHERE o.confirmed_at IS NOT NULL
    ),
    keys AS MATERIALIZED (
      SELECT k.item_key, ${rank(itemKey, q.termKey, words)} AS rank
      FROM subject_goal_items k WHERE ${matches(itemKey, words, compact)}
    ),
    matched AS (
      SELECT g.performer_id, g.item, g.tokens, g.amount_kind, 'subject' AS source, g.gender, g.last_seen, k.rank
      FROM keys k JOIN subject_goals g ON g.item_key = k.item_key
      WHERE g.last_seen >= ${since} AND g.tokens BETWEEN ${q.minTokens} AND ${q.maxTokens}
        AND g.performer_id NOT IN (SELECT performer_id FROM opted)
      UNION ALL
      SELECT p.performer_id, l.item, l.tokens, 'goal', 'menu', p.gender, pp.updated_at,
        ${rank(menuKey, q.termKey, words)}
      FROM performer_owners w
      JOIN performer_profiles pp ON pp.performer_id = w.performer_id
      JOIN performers p ON p.performer_id = w.performer_id
      CROSS JOIN LATERAL jsonb_to_recordset(pp.tip_menu) AS l (item text, "itemKey" text, tokens int)
      WHERE p.gender IS NOT NULL AND l.tokens BETWEEN ${q.minTokens} AND ${q.maxTokens}
        AND ${matches(menuKey, words, compact)}
        AND w.performer_id NOT IN (SELECT performer_id FROM opted)
    )
    SELECT
      (SELECT coalesce(json_agg(i ORDER BY i.rank, i.tokens, i."lastSeen" DESC, i.n), '[]') FROM (
        SELECT m.item, m.tokens, m.amount_kind AS "amountKind", m.source, m.rank, m.performer_id AS n,
          json_build_object('username', p.username, 'displayName', p.display_name, 'gender', m.gender) AS performer,
          m.last_seen AS "lastSeen"
        FROM (
          SELECT * FROM matched
          ${q.gender === null ? sql`` : sql`WHERE gender = ${q.gender}`}
          ORDER BY rank, tokens, last_seen DESC, performer_id
          LIMIT ${TIP_MENU_ITEMS}
        ) m JOIN performers p ON p.performer_id = m.performer_id) i) AS items,
      (SELECT coalesce(json_agg(d), '[]') FROM (
        SELECT gender, count(*)::int AS count, min(tokens) AS min,
          percentile_cont(0.25) WITHIN GROUP (ORDER BY tokens) AS q1,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY tokens) AS median,
          percentile_cont(0.75) WITHIN GROUP (ORDER BY tokens) AS q3,
          max(tokens) AS max
        FROM matched GROUP BY ROLLUP (gender)) d) AS spread`.execute(db);
  const row = rows[0];
  const byGender = Object.fromEntries(TIP_MENU_GENDERS.map((g) => [g, noSpread()])) as Record<
    TipMenuGender,
    PriceSpread
  >;
  let all = noSpread();
  for (const s of row?.spread ?? []) {
    // Quartiles of whole tokens, to the whole token.
    const spread: PriceSpread = {
      count: s.count,
      min: s.min,
      q1: Math.round(s.q1),
      median: Math.round(s.median),
      q3: Math.round(s.q3),
      max: s.max,
    };
    if (s.gender === null) all = spread;
    else byGender[s.gender] = spread;
  }
  const items: TipMenuItem[] = (row?.items ?? []).map((i) => ({
    item: i.item,
    tokens: i.tokens,
    amountKind: i.amountKind,
    source: i.source,
    performer: {
      username: i.performer.username,
      ...(i.performer.displayName ? { displayName: i.performer.displayName } : {}),
      gender: i.performer.gender,
    },
    lastSeen: new Date(i.lastSeen).toISOString(),
  }));
  return {
    searchTerm: q.searchTerm,
    gender: q.gender ?? "all",
    minTokens: q.minTokens,
    maxTokens: q.maxTokens,
    items,
    distribution: { all, byGender },
  };
}

/** The items most performers asked for in the last 90 days, with their median price. */
export async function popularTipMenuItems(db: Db, now: Date, limit = POPULAR_ITEMS): Promise<PopularItem[]> {
  const since = new Date(now.getTime() - TIP_MENU_DAYS * 86_400_000);
  const { rows } = await sql<PopularItem>`
    SELECT g.item_key AS "itemKey", count(*)::int AS performers,
      round(percentile_cont(0.5) WITHIN GROUP (ORDER BY g.tokens))::int AS median
    FROM subject_goals g JOIN performers p ON p.performer_id = g.performer_id
    WHERE g.last_seen >= ${since}
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)
    GROUP BY g.item_key
    ORDER BY count(*) DESC, g.item_key
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** How long an answer is reused, and how many are kept (the oldest go first). */
export const ANSWER_REUSE_MS = 60_000;
/** The answers' cache, one a database: a search's answer kept a minute, the 500 most recently asked. */
const answerCache = namedCachePer<Db, string, TipMenuAnswer>({
  name: "tipmenu-answers",
  key: "the search: term, gender, token range",
  bound: { entries: 500 },
  ttlMs: ANSWER_REUSE_MS,
});

/**
 * searchTipMenus, each distinct search's answer reused for a minute: the answer is the same for
 * everyone, the goals change with the polls, and the searches people make repeat (the popular
 * items, shared links). The call and the pages share it; a failed search is not kept.
 */
export function searchTipMenusReused(db: Db, q: TipMenuQuery, now: Date): Promise<TipMenuAnswer> {
  const answers = answerCache(db);
  const key = JSON.stringify([q.termKey, q.gender, q.minTokens, q.maxTokens]);
  const answer = answers.getOrLoad(key, () => searchTipMenus(db, { ...q, searchTerm: q.termKey }, now), {
    at: now.getTime(),
  });
  // The term as this visitor wrote it; the rest is shared.
  return answer.then((a) => ({ ...a, searchTerm: q.searchTerm }));
}
