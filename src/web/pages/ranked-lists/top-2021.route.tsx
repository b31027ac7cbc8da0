import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { RankedListErrorBoundary, RankedListRoute } from "./ranked-list-route.tsx";
import { rankedListHeaders, rankedListLinks, rankedListMeta } from "./route-parts.ts";
import { loadScoreList } from "./score-lists.server.ts";

/** Top performers of 2021 (SPEC §2): /top/2021[/{tag} | /{gender} | /{gender}/{tag}], ?page. */
export const links = rankedListLinks;
export const headers = rankedListHeaders;
export const meta = rankedListMeta;

export function loader({ request, params, context }: PageLoaderArgs) {
  return loadScoreList("2021", request, params["*"], context);
}

export const ErrorBoundary = RankedListErrorBoundary;
export default RankedListRoute;
