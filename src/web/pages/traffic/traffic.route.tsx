import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import chartCss from "../../components/charts/time-chart.css?url";
import { OlderDaysNote } from "../../components/older-days-note.tsx";
import { withOlderDays } from "../../lib/older-days.server.ts";
import { PAGE_GENDER_LABELS } from "../../lib/page-genders.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { loadTraffic } from "./load.server.ts";
import trafficCss from "./traffic.css?url";
import { TrafficPage } from "./traffic-page.tsx";

/** /traffic[?gender=]: the published traffic files as charts (SPEC §2 route table). */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: chartCss },
  { rel: "stylesheet", href: trafficCss },
];

export function loader({ request, context }: PageLoaderArgs) {
  // After a first start the newest day comes first: the page says when older days are still coming.
  return withOlderDays(loadTraffic(request, context), context);
}

// The files change once a day.
export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=300" });

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  const who = data.gender === "all" ? "" : ` (${PAGE_GENDER_LABELS[data.gender]})`;
  return pageMeta(site, {
    title: `Traffic on ${platform}${who}`,
    description: `Rooms and viewers on ${platform} over time${who}: the last 7 days hour by hour, the busiest hours, this year against the year before, and broadcasters over 30 days.`,
    path: data.path,
  });
});

/** An unknown gender: the 404 page; before the first files: 503. */
export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function Traffic() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return (
    <>
      <OlderDaysNote olderDays={data.olderDays} />
      <TrafficPage data={data} platformName={platformName} />
    </>
  );
}
