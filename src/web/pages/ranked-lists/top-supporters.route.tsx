import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { RankedListErrorBoundary, RankedListRoute } from "./ranked-list-route.tsx";
import { rankedListHeaders, rankedListLinks, rankedListMeta } from "./route-parts.ts";
import { loadSupporters } from "./supporters.server.ts";

/** The supporter ranking (SPEC §2): /top/supporters[/{order}][/{date}], ?page. */
export const links = rankedListLinks;
export const headers = rankedListHeaders;
export const meta = rankedListMeta;

export function loader({ request, params, context }: PageLoaderArgs) {
  return loadSupporters(request, params["*"], context);
}

export const ErrorBoundary = RankedListErrorBoundary;
export default RankedListRoute;
