import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta, titled } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { loadTagIndex } from "./load.server.ts";
import tagExplorerCss from "./tag-explorer.css?url";
import { TagsPage } from "./tags-page.tsx";

/** /tags (SPEC §1's tag explorer): every top tag with its trend and averages. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tagExplorerCss }];

export function loader({ request, context }: PageLoaderArgs) {
  return loadTagIndex(request, context);
}

// The files change once a day; five minutes as the published files (SPEC §9).
export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=300" });

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  return pageMeta(site, {
    title: titled(`Tag explorer: every ${platform} tag`),
    description: `The ${data.topCount} most used tags on ${platform} on ${data.day}: performers per tag and gender, 12 months of each tag, and the viewers and followers their rooms drew.`,
    path: data.path,
    // A search is a view of this page, not a page of its own.
    noindex: data.view.search !== "",
  });
});

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function Tags() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <TagsPage data={data} platformName={platformName} />;
}
