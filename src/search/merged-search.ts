import type { LiveState } from "./live-state.ts";
import { type ModelQuery, type ModelSearch, PAGE_SIZE } from "./model-query.ts";

/** A result row and the state it belongs to (the index, or the performers added since). */
export interface SourcedRow {
  live: LiveState;
  row: number;
}

export interface MergedPage {
  resultCount: number;
  rows: SourcedRow[];
}

const compareNames = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The count a row is ordered by (name order has none: 0 for every row). */
function countOf(live: LiveState, row: number, orderBy: ModelQuery["orderBy"]): number {
  if (orderBy === "followers") return live.index.followers[row] as number;
  if (orderBy === "viewers") return live.maxViewers[row] as number;
  return 0;
}

/**
 * One page over two states: the index and the few performers first seen since it was built
 * (docs/decisions/0005). The order is the searches' own (scanModels): counts most first, equal
 * counts and name order by name; "asc" for a count and "desc" for names the exact reverse. A
 * username is unique, so no two rows compare equal.
 *
 * The added performers' matches up to the page's end are few (b of them). At most b of them come
 * before the page, so the index's rows on the page are among its rows from offset - b on: only
 * those are asked for, and the two are merged from that place, however deep the offset. Counting
 * from there is exact from the index's first row asked for on; the added rows merged before it
 * (at most b, all before that row) are counted from offset - b up, so they stay before the page.
 */
export function searchMerged(
  search: ModelSearch,
  main: LiveState,
  added: LiveState,
  query: ModelQuery,
  now: number,
): MergedPage {
  const end = query.offset + PAGE_SIZE;
  const b = search(added, { ...query, offset: 0 }, now, end);
  const from = Math.max(0, query.offset - b.rows.length);
  const a = search(main, { ...query, offset: from }, now, end - from);
  const resultCount = a.resultCount + b.resultCount;
  const reversed = (query.orderBy === "name") === (query.sortOrder === "desc");
  /** Whether main's row x comes before added's row y. */
  const mainFirst = (x: number, y: number) => {
    const byCount = countOf(added, y, query.orderBy) - countOf(main, x, query.orderBy);
    const order = byCount !== 0 ? byCount : compareNames(main.index.nameOf(x), added.index.nameOf(y));
    return reversed ? order > 0 : order < 0;
  };
  let i = 0;
  let j = 0;
  const rows: SourcedRow[] = [];
  for (let place = from; place < end && (i < a.rows.length || j < b.rows.length); place++) {
    const x = a.rows[i];
    const y = b.rows[j];
    const takeMain = y === undefined || (x !== undefined && mainFirst(x, y));
    if (place >= query.offset) {
      rows.push(takeMain ? { live: main, row: x as number } : { live: added, row: y as number });
    }
    if (takeMain) i++;
    else j++;
  }
  return { resultCount, rows };
}
