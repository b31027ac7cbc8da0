/** SPEC §2 Pagination: the ranked lists show 50 rows a page, ?page={n}. */
export const RANKED_PAGE_SIZE = 50;

/** How many pages a list of `total` rows has; an empty list still has its (empty) first page. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / RANKED_PAGE_SIZE));
}

/** The rows of page `page` (from 1), or null when the list has no such page (a 404). */
export function pageOf<T>(rows: readonly T[], page: number): T[] | null {
  if (!Number.isInteger(page) || page < 1 || page > pageCount(rows.length)) return null;
  return rows.slice((page - 1) * RANKED_PAGE_SIZE, page * RANKED_PAGE_SIZE);
}
