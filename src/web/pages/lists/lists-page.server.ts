import type { ListsPageData } from "../../lib/lists/list-data.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { readPublicLists } from "./public-lists.server.ts";

/** Public lists a page of the first tab shows. */
export const PUBLIC_LISTS_PER_PAGE = 48;

const PAGE = /^[1-9]\d{0,4}$/;

/**
 * /lists: the public lists (the first tab) are the server's, the same for every visitor and every
 * tab (the other tabs are the browser's). `?page=N` pages them; a page past the last is a 404.
 */
export async function loadListsPage({ request, context }: PageLoaderArgs): Promise<ListsPageData> {
  const raw = new URL(request.url).searchParams.get("page");
  if (raw !== null && !PAGE.test(raw)) throw notFound();
  const page = raw === null ? 1 : Number(raw);
  const all = await readPublicLists(context);
  const pages = Math.max(1, Math.ceil(all.length / PUBLIC_LISTS_PER_PAGE));
  if (page > pages) throw notFound();
  const start = (page - 1) * PUBLIC_LISTS_PER_PAGE;
  return { lists: all.slice(start, start + PUBLIC_LISTS_PER_PAGE), total: all.length, page, pages };
}
