import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import chartCss from "../../components/charts/svg-line-chart.css?url";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta, titled } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { loadTagPage } from "./load.server.ts";
import tagExplorerCss from "./tag-explorer.css?url";
import { TagPage, tagPageHeading } from "./tag-page.tsx";

/** /tags/{tag}: one tag of the tag explorer. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: chartCss },
  { rel: "stylesheet", href: tagExplorerCss },
];

export function loader({ params, context }: PageLoaderArgs) {
  return loadTagPage(params, context);
}

export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=300" });

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  return pageMeta(site, {
    title: titled(`${tagPageHeading(data.tag)} on ${platform}`),
    description: `#${data.tag} on ${platform}: ${data.today === null ? "not used" : `the #${data.today.rank} tag, used by ${data.today.count} performers`} on ${data.day}, its 12 months, the tags that go with it and its top performers.`,
    path: data.path,
  });
});

/** An unknown tag: the 404 page; before the first publish: 503. */
export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function TagsTag() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <TagPage data={data} platformName={platformName} />;
}
