import type { HeadersFunction, LinksFunction } from "react-router";
import { data, useLoaderData, useRouteLoaderData } from "react-router";
import cellsCss from "../../components/ranking-cells.css?url";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { errorMeta, loaderCacheControl, type PageMetaFunction, pageMeta, siteOf } from "../../lib/seo.ts";
import { loadTagOverview } from "../../lib/tag-overview/load.server.ts";
import { overviewDescription, overviewTitle } from "../../lib/tag-overview/title.ts";
import type { loader as rootLoader } from "../../root.tsx";
import pageCss from "./tag-overview.css?url";
import { TagOverviewPage } from "./tag-overview-page.tsx";

/**
 * The tag ranking overview (SPEC §2): /top, /top/{tagOrGender}, /top/{tag}/{gender}, one module
 * for the three routes; src/site/urls/tag-overview.ts reads the address.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: cellsCss },
  { rel: "stylesheet", href: pageCss },
];

export async function loader({ request, params, context }: PageLoaderArgs) {
  const overview = await loadTagOverview(request, [params.first, params.second], context);
  // Before the first day is published (a first start) the page is empty tabs: a copy kept for a
  // minute would go on hiding the lists after the daily job wrote them.
  return overview.day === null ? data(overview, { headers: { "cache-control": "no-cache" } }) : overview;
}

// The lists change once a day, but who is live changes every minute.
export const headers: HeadersFunction = loaderCacheControl("public, max-age=60");

export const meta: PageMetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (error || !data) return errorMeta(error);
  const site = siteOf(matches);
  const view = { gender: data.gender, tag: data.tag };
  return pageMeta(site, {
    title: overviewTitle(view, site?.platformName),
    description: overviewDescription(view, site?.platformName),
    path: data.path,
  });
};

/** An unknown tag or an unreadable address: the 404 page, status 404. */
export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function TagOverview() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <TagOverviewPage data={data} platformName={platformName} />;
}
