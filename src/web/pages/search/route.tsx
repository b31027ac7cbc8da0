import type { HeadersFunction, LinksFunction, ShouldRevalidateFunction } from "react-router";
import { useLoaderData } from "react-router";
import { SEARCH_CACHE_CONTROL } from "../../../site/search-cache.ts";
import { flagLinks } from "../../components/flag.tsx";
import { useLoginStatus } from "../../lib/account/login-status.tsx";
import { PAGE_GENDER_LABELS } from "../../lib/page-genders.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { errorMeta, type PageMetaFunction, pageMeta, siteOf, titled } from "../../lib/seo.ts";
import { loadSearchPage } from "./load.server.ts";
import pageCss from "./search.css?url";
import { SearchPage } from "./search-page.tsx";
import { isFilteredView } from "./url.ts";

/**
 * The search page (SPEC §2): /search, /search/{gender}, /search/{gender}/{tag}, and /schedule (SPEC:
 * "search also opens on /schedule"), each with ?search= and ?page=. One module for every form;
 * src/web/pages/search/url.ts reads the address.
 */
export const links: LinksFunction = () => [...flagLinks(), { rel: "stylesheet", href: pageCss }];

export function loader(args: PageLoaderArgs) {
  return loadSearchPage(args);
}

// The same for every visitor (live thumbnails wait for the browser's own geo lookup), but the
// results change with every poll: kept as long as the API's answers.
export const headers: HeadersFunction = () => ({ "cache-control": SEARCH_CACHE_CONTROL });

/**
 * A change of page, mode, filters or sort is the page's own business: it reads them from the
 * address, and shows a window it already has or fetches only that one from /api/model_search
 * (SPEC §4), so Back and Forward between searches cost nothing. Another path or term loads the
 * route again (the term is the header box's, which knows nothing of the page's windows).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const term = (url: URL) => url.searchParams.getAll("search").join("\n");
  return term(currentUrl) === term(nextUrl) ? false : defaultShouldRevalidate;
};

export const meta: PageMetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (error || !data) return errorMeta(error);
  const label = PAGE_GENDER_LABELS[data.address.gender];
  const platform = siteOf(matches)?.platformName ?? "the platform";
  const filtered = isFilteredView(data.address);
  return pageMeta(siteOf(matches), {
    title: titled(`Search - ${label}`),
    description: `Search ${label === "All" ? "" : `${label.toLowerCase()} `}performers on ${platform} by name, tags, age, followers and viewers.`,
    // The results of a term are not a page of their own to index (robots.txt keeps crawlers off them).
    // Filtered, sorted or summaries: the path alone, and kept out of indexes (decision 0035).
    path: filtered ? data.path : data.address.page > 1 ? `${data.path}?page=${data.address.page}` : data.path,
    noindex: filtered,
  });
};

/** An unknown gender, a tag that cannot be one, a bad page: the 404 page, status 404. */
export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function Search() {
  const data = useLoaderData<typeof loader>();
  // SPEC §2: the header is hidden when a user is present (known once the scripts have run).
  const { status } = useLoginStatus();
  return <SearchPage data={data} userPresent={status === true} />;
}
