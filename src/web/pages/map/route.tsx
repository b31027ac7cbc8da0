import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import pageCss from "../../components/country-map/country-map.css?url";
import { flagLinks } from "../../components/flag.tsx";
import { OlderDaysNote } from "../../components/older-days-note.tsx";
import { loadCountryMap } from "../../lib/country-map/load.server.ts";
import { withOlderDays } from "../../lib/older-days.server.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { CountryMapPage, mapHeading } from "./country-map-page.tsx";

/** /map, /map/{gender} (SPEC §2 route table): performers by country, on a world map drawn here. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageCss }, ...flagLinks()];

export function loader({ params, context }: PageLoaderArgs) {
  // After a first start the newest day comes first: the page says when older days are still coming.
  return withOlderDays(loadCountryMap(params.gender, context), context);
}

// The counts change once a day.
export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=300" });

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  const heading = mapHeading(data.gender);
  return pageMeta(site, {
    title: `${heading} on ${platform}`,
    description: `A world map of ${heading.toLowerCase()} on ${platform}, with every country's count and its most followed and most popular performers.`,
    path: data.path,
  });
});

/** An unknown gender: the 404 page; before the first files: 503. */
export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function CountryMap() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return (
    <>
      <OlderDaysNote olderDays={data.olderDays} />
      <CountryMapPage data={data} platformName={platformName} />
    </>
  );
}
