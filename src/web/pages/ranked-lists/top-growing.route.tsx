import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { loadFollowerList } from "./follower-lists.server.ts";
import { RankedListErrorBoundary, RankedListRoute } from "./ranked-list-route.tsx";
import { rankedListHeaders, rankedListLinks, rankedListMeta } from "./route-parts.ts";

/** Fastest rising (SPEC §2): /top/growing[/{gender} | /{tag} | /all/{tag}][/{date}], ?page. */
export const links = rankedListLinks;
export const headers = rankedListHeaders;
export const meta = rankedListMeta;

export function loader({ request, params, context }: PageLoaderArgs) {
  return loadFollowerList("growing", request, params["*"], context);
}

export const ErrorBoundary = RankedListErrorBoundary;
export default RankedListRoute;
