import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import cellsCss from "../../components/ranking-cells.css?url";
import tableCss from "../../components/ranking-table/ranking-table.css?url";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta, titled } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { loadPopular } from "./load.server.ts";
import popularCss from "./popular.css?url";
import { PopularPage, popularHeading } from "./popular-page.tsx";

/** /popular/{tag} and /popular/{tag}/{date} (SPEC §2 "popular by tag"): one tag's day. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: cellsCss },
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: popularCss },
];

export function loader({ request, params, context }: PageLoaderArgs) {
  return loadPopular(request, params, context);
}

// The day's list never changes, but who is live does, every minute.
export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=60" });

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  return pageMeta(site, {
    title: titled(popularHeading(data.tag, data.day, data.isLeadingEdge, platform)),
    description: `The most watched #${data.tag} performers on ${platform} on ${data.day}, the tag's top monthly models, the tags that go with it and its rank among tags.`,
    path: data.path,
  });
});

/** An unknown tag or day: the 404 page; before the first publish: 503. */
export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function Popular() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <PopularPage data={data} platformName={platformName} />;
}
