import type { PageContext } from "../../../page-context.ts";
import { parsePageParam } from "../../../site/urls/ranked-lists.ts";
import { liveStatesOf } from "../live-rows.server.ts";
import { notFound } from "../page-errors.server.ts";
import { pageHref } from "../pagination.ts";
import { pageCount, pageOf } from "./paging.ts";
import type { LiveOf, RankingRow } from "./table-rows.ts";

/** The requested page number (?page), or a 404 for one that is not a whole number from 1. */
export function requestedPage(request: Request): number {
  const page = parsePageParam(new URL(request.url).searchParams);
  if (page === null) throw notFound();
  return page;
}

export interface PagedRows {
  rows: RankingRow[];
  page: number;
  pageCount: number;
  total: number;
  /** The page's canonical address: the list's, with ?page={n} from page 2. */
  path: string;
}

/**
 * One page of a published list as table rows, with the live state of those rows only (SPEC §4,
 * §6). A page past the last is a 404 (a link made when the list was longer, or a guess): the list
 * is a fixed file for its day, so there is nothing to show there.
 */
export async function pagedRows<T extends { u: string }>(
  all: readonly T[],
  page: number,
  listPath: string,
  context: PageContext,
  crawler: boolean,
  toRow: (row: T, liveOf: LiveOf) => RankingRow,
  now: number,
): Promise<PagedRows> {
  const shown = pageOf(all, page);
  if (shown === null) throw notFound();
  const { stateOf: liveOf } = await liveStatesOf(
    context,
    shown.map((r) => r.u),
    crawler,
    now,
  );
  return {
    rows: shown.map((row) => toRow(row, liveOf)),
    page,
    pageCount: pageCount(all.length),
    total: all.length,
    path: pageHref(listPath, page),
  };
}

/** The image host as pages use it: without a trailing slash. */
export const imageHostOf = (context: PageContext) => context.imageHost?.replace(/\/+$/, "") ?? null;
