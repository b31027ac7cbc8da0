import { RankedListErrorBoundary, RankedListRoute } from "../components/ranked-lists/ranked-list-route.tsx";
import type { PageLoaderArgs } from "../lib/page-loader.ts";
import { rankedListHeaders, rankedListLinks, rankedListMeta } from "../lib/ranked-lists/route.ts";
import { loadSupporters } from "../lib/ranked-lists/supporters.server.ts";

/** The supporter ranking (SPEC §2): /top/supporters[/{order}][/{date}], ?page. */
export const links = rankedListLinks;
export const headers = rankedListHeaders;
export const meta = rankedListMeta;

export function loader({ request, params, context }: PageLoaderArgs) {
  return loadSupporters(request, params["*"], context);
}

export const ErrorBoundary = RankedListErrorBoundary;
export default RankedListRoute;
