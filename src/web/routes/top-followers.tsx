import { RankedListErrorBoundary, RankedListRoute } from "../components/ranked-lists/ranked-list-route.tsx";
import type { PageLoaderArgs } from "../lib/page-loader.ts";
import { loadFollowerList } from "../lib/ranked-lists/follower-lists.server.ts";
import { rankedListHeaders, rankedListLinks, rankedListMeta } from "../lib/ranked-lists/route.ts";

/** Most followed (SPEC §2): /top/followers[/{gender} | /{tag} | /all/{tag}][/{date}], ?page. */
export const links = rankedListLinks;
export const headers = rankedListHeaders;
export const meta = rankedListMeta;

export function loader({ request, params, context }: PageLoaderArgs) {
  return loadFollowerList("followers", request, params["*"], context);
}

export const ErrorBoundary = RankedListErrorBoundary;
export default RankedListRoute;
