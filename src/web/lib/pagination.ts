/**
 * The pager's rule (SPEC §2 Pagination): previous and next, the first and the last page, the page
 * on each side of the current one (two around it), and an ellipsis for each run of pages left out.
 * An ellipsis would hide a single page, so that page is shown instead. No pager for one page.
 */
export type PageItem = { kind: "page"; page: number; current: boolean } | { kind: "gap"; after: number };

export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 1) return [];
  const shown = [...new Set([1, current - 1, current, current + 1, total])]
    .filter((p) => p >= 1 && p <= total)
    .sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of shown) {
    if (page - previous === 2) items.push({ kind: "page", page: previous + 1, current: false });
    else if (page - previous > 2) items.push({ kind: "gap", after: previous });
    items.push({ kind: "page", page, current: page === current });
    previous = page;
  }
  return items;
}

/**
 * The address of a page of the list at `path`: ?page={n}, nothing for page 1 (the list's own
 * address), with the other parameters kept (audit, say).
 */
export function pageHref(path: string, page: number, keep: URLSearchParams = new URLSearchParams()): string {
  const params = new URLSearchParams(keep);
  params.delete("page");
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query === "" ? path : `${path}?${query}`;
}
