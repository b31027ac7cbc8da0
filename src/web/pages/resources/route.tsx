import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { errorMeta, type PageMetaFunction, pageMeta, siteOf, titled } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { loadResources } from "./load.server.ts";
import pageCss from "./resources.css?url";
import { RESOURCES_CACHE_CONTROL } from "./resources-data.ts";
import { ResourcesPage } from "./resources-page.tsx";

/** /resources (SPEC §2): the content files of content/resources, with live figures. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageCss }];

export function loader({ context }: PageLoaderArgs) {
  return loadResources(context);
}

export const headers: HeadersFunction = () => ({ "cache-control": RESOURCES_CACHE_CONTROL });

export const meta: PageMetaFunction<typeof loader> = ({ error, matches }) => {
  if (error) return errorMeta(error);
  const site = siteOf(matches);
  return pageMeta(site, {
    title: titled("Resources for performers and fans"),
    description: `How our rankings of ${site?.platformName ?? "the platform"} work, the busiest hours and tags, safety and privacy, and the free tools.`,
    path: "/resources",
  });
};

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function Resources() {
  const data = useLoaderData<typeof loader>();
  const platform = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <ResourcesPage data={data} platform={platform} />;
}
