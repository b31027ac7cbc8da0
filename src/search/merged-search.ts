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
 * (docs/decisions/0005). Each answers the query from its first row to the page's end, already in
 * the query's order; the page is read off their merge. The order is the searches' own (scanModels):
 * counts most first, equal counts and name order by name; "asc" for a count and "desc" for names
 * the exact reverse. A username is unique, so no two rows compare equal.
 */
export function searchMerged(
  search: ModelSearch,
  main: LiveState,
  added: LiveState,
  query: ModelQuery,
  now: number,
): MergedPage {
  const end = query.offset + PAGE_SIZE;
  const fromStart = { ...query, offset: 0 };
  const a = search(main, fromStart, now, end);
  const b = search(added, fromStart, now, end);
  const reversed = (query.orderBy === "name") === (query.sortOrder === "desc");
  const before = (x: SourcedRow, y: SourcedRow) => {
    const byCount = countOf(y.live, y.row, query.orderBy) - countOf(x.live, x.row, query.orderBy);
    const order =
      byCount !== 0
        ? byCount
        : compareNames(x.live.index.names[x.row] as string, y.live.index.names[y.row] as string);
    return reversed ? order > 0 : order < 0;
  };
  const rows: SourcedRow[] = [];
  let i = 0;
  let j = 0;
  for (let k = 0; k < end && (i < a.rows.length || j < b.rows.length); k++) {
    const x = i < a.rows.length ? { live: main, row: a.rows[i] as number } : null;
    const y = j < b.rows.length ? { live: added, row: b.rows[j] as number } : null;
    const takeX = y === null || (x !== null && before(x, y));
    if (takeX) i++;
    else j++;
    if (k >= query.offset) rows.push((takeX ? x : y) as SourcedRow);
  }
  return { resultCount: a.resultCount + b.resultCount, rows };
}
