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

/** One matching item: [performer id, item, tokens, amount kind, source, gender, last seen, rank]. */
type MatchTuple = [
  number,
  string,
  number,
  TipMenuItem["amountKind"],
  TipMenuItem["source"],
  TipMenuGender,
  string,
  number,
];

/**
 * Every item of the last 90 days that matches a term, of every gender and price, best first (rank,
 * then cheapest, then most recently seen, then performer and item): the goals in room subjects
 * (the term matched against the distinct keys, then those keys' rows read by index) and the menu
 * lines of verified performers, opted-out performers left out. Every search of a term, whatever its
 * gender and token range, is a filter of this list, so one statement serves them all.
 */
async function termMatches(db: Db, termKey: string, since: Date): Promise<MatchTuple[]> {
  const words = termKey.split(" ").filter(Boolean);
  const compact = words.join("");
  const itemKey = sql`k.item_key`;
  const menuKey = sql`l."itemKey"`;
  const { rows } = await sql<{ matches: MatchTuple[] | null }>`
    WITH opted AS MATERIALIZED (
      SELECT p.performer_id FROM optouts o JOIN performers p ON p.username = o.username
      WHERE o.confirmed_at IS NOT NULL
    ),
    keys AS MATERIALIZED (
      SELECT k.item_key, ${rank(itemKey, termKey, words)} AS rank
      FROM subject_goal_items k WHERE ${matches(itemKey, words, compact)}
    ),
    matched AS (
      SELECT g.performer_id, g.item, g.tokens, g.amount_kind, 'subject' AS source, g.gender, g.last_seen, k.rank
      FROM keys k JOIN subject_goals g ON g.item_key = k.item_key
      WHERE g.last_seen >= ${since} AND g.performer_id NOT IN (SELECT performer_id FROM opted)
      UNION ALL
      SELECT p.performer_id, l.item, l.tokens, 'goal', 'menu', p.gender, pp.updated_at,
        ${rank(menuKey, termKey, words)}
      FROM performer_owners w
      JOIN performer_profiles pp ON pp.performer_id = w.performer_id
      JOIN performers p ON p.performer_id = w.performer_id
      CROSS JOIN LATERAL jsonb_to_recordset(pp.tip_menu) AS l (item text, "itemKey" text, tokens int)
      WHERE p.gender IS NOT NULL AND l.tokens IS NOT NULL
        AND ${matches(menuKey, words, compact)}
        AND w.performer_id NOT IN (SELECT performer_id FROM opted)
    )
    SELECT json_agg(json_build_array(performer_id, item, tokens, amount_kind, source, gender, last_seen, rank)
      ORDER BY rank, tokens, last_seen DESC, performer_id, item) AS matches
    FROM matched`.execute(db);
  return rows[0]?.matches ?? [];
}

/**
 * A term's matches kept a minute, about 16 MiB of them a database: each search of the term filters
 * them. This is the search's one reuse (decision 0024): the goals change with the polls and an
 * opt-out must leave the answers, so nothing is kept longer than the minute.
 */
const matchCache = namedCachePer<Db, string, MatchTuple[]>({
  name: "tipmenu-term-matches",
  key: "the term's key and the minute its 90 days start at",
  bound: { bytes: 16 * 1024 * 1024, sizeOf: (rows) => 64 + rows.length * 160 },
  ttlMs: 60_000,
});

/** PostgreSQL's percentile_cont over sorted values: the two nearest, interpolated. */
function percentile(sorted: readonly number[], fraction: number): number {
  const position = fraction * (sorted.length - 1);
  const lower = Math.floor(position);
  const first = sorted[lower] as number;
  if (lower === position) return first;
  const second = sorted[lower + 1] as number;
  return first + (second - first) * (position - lower);
}

function spreadOf(tokens: number[]): PriceSpread {
  if (tokens.length === 0) return noSpread();
  tokens.sort((a, b) => a - b);
  // Quartiles of whole tokens, to the whole token.
  return {
    count: tokens.length,
    min: tokens[0] as number,
    q1: Math.round(percentile(tokens, 0.25)),
    median: Math.round(percentile(tokens, 0.5)),
    q3: Math.round(percentile(tokens, 0.75)),
    max: tokens[tokens.length - 1] as number,
  };
}

const noSpread = (): PriceSpread => ({ count: 0, min: null, q1: null, median: null, q3: null, max: null });

/**
 * The tip menu search (decision 0024), for the call and the pages alike: the term's matches
 * (termMatches, kept a minute and shared by every search of the term) in the token range; the best
 * 100 of the asked gender, and the prices' spread per gender and over all. Performers are looked
 * up for the 100 shown only; the term is echoed as this visitor wrote it.
 */
export async function searchTipMenus(db: Db, q: TipMenuQuery, now: Date): Promise<TipMenuAnswer> {
  const since = new Date(now.getTime() - TIP_MENU_DAYS * 86_400_000);
  const key = `${q.termKey}@${Math.floor(since.getTime() / 60_000)}`;
  const all = await matchCache(db).getOrLoad(key, () => termMatches(db, q.termKey, since), {
    at: now.getTime(),
  });
  const prices: Record<TipMenuGender, number[]> = { f: [], m: [], c: [], t: [] };
  const everyPrice: number[] = [];
  const shown: MatchTuple[] = [];
  for (const match of all) {
    const tokens = match[2];
    if (tokens < q.minTokens || tokens > q.maxTokens) continue;
    prices[match[5]].push(tokens);
    everyPrice.push(tokens);
    if (shown.length < TIP_MENU_ITEMS && (q.gender === null || match[5] === q.gender)) shown.push(match);
  }
  const names = await performerNames(db, [...new Set(shown.map((m) => m[0]))]);
  const items: TipMenuItem[] = shown.flatMap(([id, item, tokens, amountKind, source, gender, lastSeen]) => {
    const name = names.get(id);
    if (name === undefined) return [];
    return [
      {
        item,
        tokens,
        amountKind,
        source,
        performer: {
          username: name.username,
          ...(name.displayName ? { displayName: name.displayName } : {}),
          gender,
        },
        lastSeen: new Date(lastSeen).toISOString(),
      },
    ];
  });
  const byGender = Object.fromEntries(TIP_MENU_GENDERS.map((g) => [g, spreadOf(prices[g])])) as Record<
    TipMenuGender,
    PriceSpread
  >;
  return {
    searchTerm: q.searchTerm,
    gender: q.gender ?? "all",
    minTokens: q.minTokens,
    maxTokens: q.maxTokens,
    items,
    distribution: { all: spreadOf(everyPrice), byGender },
  };
}

async function performerNames(
  db: Db,
  ids: number[],
): Promise<Map<number, { username: string; displayName: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("performers")
    .select(["performer_id", "username", "display_name"])
    .where("performer_id", "in", ids)
    .execute();
  return new Map(
    rows.map((r) => [Number(r.performer_id), { username: r.username, displayName: r.display_name }]),
  );
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
