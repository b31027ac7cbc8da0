import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import { flagLinks } from "../../components/flag.tsx";
import cellsCss from "../../components/ranking-cells.css?url";
import tableCss from "../../components/ranking-table/ranking-table.css?url";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { loadLocation } from "./load.server.ts";
import pageCss from "./location.css?url";
import { LocationPage } from "./location-page.tsx";
import { locationHeading } from "./title.ts";

/** /location/{locationName}[/{gender}] (SPEC §2 route table): a country's most followed and most popular. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: cellsCss },
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: pageCss },
  ...flagLinks(),
];

export function loader({ request, params, context }: PageLoaderArgs) {
  return loadLocation(request, params, context);
}

// The lists change once a day, but who is live changes every minute.
export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=60" });

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  const heading = locationHeading(data.name, data.gender);
  return pageMeta(site, {
    title: `${heading} on ${platform}`,
    description: `${heading} on ${platform}: the most followed and the most popular over the last 30 days.`,
    path: data.path,
  });
});

/** An unknown location or gender: the 404 page. */
export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function Location() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <LocationPage data={data} platformName={platformName} />;
}
