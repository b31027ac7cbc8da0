import { type RawBuilder, sql } from "kysely";
import type { Pool } from "pg";
import type { Db } from "../src/db/connect.ts";
import { type ModelQuery, PAGE_SIZE } from "../src/search/model-query.ts";
import type { SearchService } from "../src/search/search-service.ts";
import { type BaselineBuild, buildSearchBaseline, liveSince } from "./search-postgres-table.ts";

/**
 * The PostgreSQL baseline of `npm run bench:search` (issue 16, point 7; docs/decisions/0014): the
 * model search as one SQL statement over the tables of bench/search-postgres-table.ts, answering
 * exactly what the in-memory index answers (src/search/model-query.ts, `scanModels` is the
 * reference): the same matches, counted, and the same page in the same order.
 */

/**
 * What each of the baseline's connections sets first. JIT compiles any plan past jit_above_cost,
 * which the counts of common filters pass: tens of milliseconds of compiling to save a few.
 * Parallel workers make one count faster but not fifty at once on 2 cores: the processes they
 * start cost the throughput that the other connections would have used (measured: 0014).
 */
export const BASELINE_SESSION = "SET jit = off; SET max_parallel_workers_per_gather = 0";

export function tuneBaselineSessions(pool: Pool): void {
  // Queued on the new client before the pool hands it out, so it runs before any search.
  pool.on("connect", (client) => {
    void client.query(BASELINE_SESSION);
  });
}

/** LIKE's wildcards and escape character, taken literally in a name part. */
const likeLiteral = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Each filter of the query as a condition on search_baseline (aliased b); none when it has none. */
export function filtersOf(query: ModelQuery, now: number): RawBuilder<unknown>[] {
  const filters: RawBuilder<unknown>[] = [];
  if (query.gender !== null) filters.push(sql`b.gender = ${query.gender}`);
  if (query.liveOnly) filters.push(sql`(b.online OR b.last_seen_ms > ${liveSince(now)}::float8)`);
  if (query.tags.length > 0) {
    filters.push(
      query.requireAllTags ? sql`b.tags @> ${query.tags}::text[]` : sql`b.tags && ${query.tags}::text[]`,
    );
  }
  // A part of 3 characters or more is a LIKE, which the trigram index answers. Shorter parts have
  // no trigram: as LIKE the planner would scan the whole trigram index for them, so they are strpos
  // tests of the rows the other conditions leave. When no longer part narrows the rows, the pairs
  // come from the bigram index (one containment for all); its function costs microseconds a row, so
  // it is left out where a recheck would run it on every candidate.
  const long = query.terms.filter((term) => term.length >= 3);
  const short = query.terms.filter((term) => term.length < 3);
  const pairs = short.filter((term) => term.length === 2);
  if (long.length === 0 && pairs.length > 0) filters.push(sql`name_bigrams(b.username) @> ${pairs}::text[]`);
  for (const term of long) filters.push(sql`b.username LIKE ${`%${likeLiteral(term)}%`}`);
  for (const term of short) filters.push(sql`strpos(b.username, ${term}) > 0`);
  // Unknown ages (NULL) and counts (-1) fall outside every range, as in the index.
  const range = (column: string, r: { min: number; max: number } | null) => {
    if (r !== null) filters.push(sql`${sql.ref(column)} BETWEEN ${r.min}::bigint AND ${r.max}::bigint`);
  };
  range("b.age", query.age);
  range("b.followers", query.followers);
  range("b.max_viewers", query.viewers);
  return filters;
}

/**
 * ORDER BY for the query, as scanModels sorts: counts most first with equal counts by name, names
 * a to z; "asc" is the exact reverse (so ties then come z to a), which the indexes read backwards.
 */
export function orderOf(query: ModelQuery): RawBuilder<unknown> {
  const desc = query.sortOrder === "desc";
  if (query.orderBy === "name") return desc ? sql`b.username DESC` : sql`b.username`;
  const count = sql.ref(query.orderBy === "followers" ? "b.followers" : "b.max_viewers");
  return desc ? sql`${count} DESC, b.username` : sql`${count}, b.username DESC`;
}

/**
 * One statement, one round trip: the count of the matches and the page's results, each subquery
 * planned on its own (the count from bitmaps or an index-only scan, the page off an ordered index).
 * `total` is the count with no filter (the table's size, known from its build).
 */
export async function searchInPostgres(
  db: Db,
  query: ModelQuery,
  now: number,
  total: number,
): Promise<{ resultCount: number; results: string }> {
  const filters = filtersOf(query, now);
  const where = filters.length > 0 ? sql`WHERE ${sql.join(filters, sql` AND `)}` : sql``;
  const count =
    filters.length > 0 ? sql`(SELECT count(*) FROM search_baseline b ${where})` : sql`${total}::bigint`;
  const { rows } = await sql<{ resultCount: number; results: string | null }>`
    SELECT ${count} AS "resultCount",
      (SELECT string_agg(j.result, ',' ORDER BY page.place)
       FROM unnest(ARRAY(
              SELECT b.performer_id FROM search_baseline b ${where}
              ORDER BY ${orderOf(query)}
              LIMIT ${PAGE_SIZE} OFFSET ${query.offset}
            )) WITH ORDINALITY AS page(performer_id, place)
       JOIN search_baseline_json j USING (performer_id)) AS results`.execute(db);
  const row = rows[0];
  return { resultCount: Number(row?.resultCount ?? 0), results: row?.results ?? "" };
}

/**
 * A SearchService whose model search runs in PostgreSQL: ready() builds the baseline's tables
 * (the counterpart of the index's load), modelsJson runs searchInPostgres. The clock is fixed at
 * `now`, as the indexed servers' is. The summaries mode is not part of this baseline.
 */
export function createPostgresSearchService(
  db: Db,
  now: number,
  onBuilt?: (build: BaselineBuild) => void,
): SearchService {
  let built: Promise<BaselineBuild> | null = null;
  const ready = () => {
    built ??= buildSearchBaseline(db, now).then((build) => {
      onBuilt?.(build);
      return build;
    });
    return built;
  };
  const notHere = () => Promise.reject(new Error("the PostgreSQL baseline answers model searches only"));
  return {
    async ready() {
      await ready();
    },
    async modelsJson(query) {
      const { total } = await ready();
      const { resultCount, results } = await searchInPostgres(db, query, now, total);
      return `{"resultCount":${resultCount},"offset":${query.offset},"results":[${results}]}`;
    },
    summaries: notHere,
    popularTags: notHere,
    close() {},
  };
}
