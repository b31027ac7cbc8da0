import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import cellsCss from "../../components/ranking-cells.css?url";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { errorMeta, type PageMetaFunction, pageMeta, siteOf } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import pageCss from "./daily-viewers.css?url";
import { DailyViewersPage } from "./daily-viewers-page.tsx";
import { loadDailyViewers } from "./load.server.ts";
import { dailyViewerDescription, dailyViewerTitle } from "./title.ts";

/**
 * The daily viewer ranking (SPEC §2): /top/viewers[/{gender}][/{tag}][/{date}], one module for
 * every form; src/site/urls/daily-viewers.ts reads the address.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: cellsCss },
  { rel: "stylesheet", href: pageCss },
];

export function loader({ request, params, context }: PageLoaderArgs) {
  return loadDailyViewers(request, params["*"], context);
}

// The list of a day never changes, but who is live does, every minute.
export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=60" });

export const meta: PageMetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (error || !data) return errorMeta(error);
  const site = siteOf(matches);
  const view = { gender: data.gender, tag: data.tag, day: data.day, isLeadingEdge: data.isLeadingEdge };
  return pageMeta(site, {
    title: dailyViewerTitle(view, site?.platformName),
    description: dailyViewerDescription(view, site?.platformName),
    path: data.path,
  });
};

/** A day without files, an unknown tag or an unreadable address: the 404 page, status 404. */
export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function TopViewers() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <DailyViewersPage data={data} platformName={platformName} />;
}
