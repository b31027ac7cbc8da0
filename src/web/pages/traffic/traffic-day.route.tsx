import { data, type HeadersFunction, type LinksFunction, useLoaderData } from "react-router";
import chartCss from "../../components/charts/time-chart.css?url";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, loaderCacheControl, pageMeta } from "../../lib/seo.ts";
import { loadTrafficDay } from "./load.server.ts";
import trafficCss from "./traffic.css?url";
import { TrafficDayPage } from "./traffic-day-page.tsx";
import { trafficDayCacheControl } from "./url.ts";

/** /traffic/{date}: one UTC day's hours from the database (SPEC §2 route table). */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: chartCss },
  { rel: "stylesheet", href: trafficCss },
];

export async function loader({ request, params, context }: PageLoaderArgs) {
  const now = Date.now();
  const day = await loadTrafficDay(request, params.date, context, now);
  return data(day, { headers: { "cache-control": trafficDayCacheControl(day.day, now) } });
}

// Today's page grows every poll; older days never change (trafficDayCacheControl).
export const headers: HeadersFunction = loaderCacheControl("public, max-age=60");

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  return pageMeta(site, {
    title: `Traffic on ${platform} on ${data.day}`,
    description: `Rooms and viewers on ${platform} hour by hour on ${data.day} (UTC), by gender.`,
    path: data.path,
  });
});

/** A bad date, a future day or a day without polls: the 404 page. */
export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function TrafficDay() {
  return <TrafficDayPage data={useLoaderData<typeof loader>()} />;
}
