import { data } from "react-router";
import { LIST_ID_PATTERN } from "../../../lists/list-rules.ts";
import { listSummary } from "../../../lists/list-summary.ts";
import { isCrawler } from "../../../site/crawler.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import type { ListPageData, ListPageMiss } from "./list-page-data.ts";

/**
 * /lists/{listId}: a public list, server-rendered for everyone (the anonymous view: no owner, not
 * watching). A private or unknown list is the 404 page, the same for both (decision 0020); its data
 * carries what the browser needs to show the owner their private list after all.
 */
export async function loadListPage({ params, request, context }: PageLoaderArgs): Promise<ListPageData> {
  const listId = params.listId ?? "";
  const now = Date.now();
  const page = { listId, imageHost: context.imageHost, crawler: isCrawler(request), now };
  const summary = LIST_ID_PATTERN.test(listId)
    ? await listSummary(context.db, { listId, viewerUserId: null, now })
    : null;
  if (summary === null)
    throw data({ kind: "list", ...page } satisfies ListPageMiss, { status: 404, statusText: "Not Found" });
  return { ...page, summary };
}
