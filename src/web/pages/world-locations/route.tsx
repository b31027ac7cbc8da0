import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import mapCss from "../../components/country-map/country-map.css?url";
import { flagLinks } from "../../components/flag.tsx";
import { OlderDaysNote } from "../../components/older-days-note.tsx";
import { withOlderDays } from "../../lib/older-days.server.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta, titled } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { loadWorldLocations } from "./load.server.ts";
import worldCss from "./world-locations.css?url";
import { WorldLocationsPage } from "./world-locations-page.tsx";

/** /world-locations (SPEC §2 names the world location explorer): the map with each country's lists. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: mapCss },
  { rel: "stylesheet", href: worldCss },
  ...flagLinks(),
];

export function loader({ request, context }: PageLoaderArgs) {
  // After a first start the newest day comes first: the page says when older days are still coming.
  return withOlderDays(loadWorldLocations(request, context), context);
}

export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=300" });

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  const where = data.selected === null ? "" : `: ${data.selected.name}`;
  return pageMeta(site, {
    title: titled(`World location explorer${where}`),
    description: `Where ${platform} performers broadcast from, country by country, with each country's most popular and most followed.`,
    path: data.path,
  });
});

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function WorldLocations() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return (
    <>
      <OlderDaysNote olderDays={data.olderDays} />
      <WorldLocationsPage data={data} platformName={platformName} />
    </>
  );
}
