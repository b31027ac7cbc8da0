import { type HeadersFunction, type LinksFunction, useLoaderData } from "react-router";
import chartCss from "../../components/charts/time-chart.css?url";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta } from "../../lib/seo.ts";
import { loadTrafficTag } from "./load.server.ts";
import trafficCss from "./traffic.css?url";
import { TrafficTagPage } from "./traffic-tag-page.tsx";

/** /traffic/{startDate}/{tag}: a tag's rooms and viewers over 7 days (SPEC §2 route table). */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: chartCss },
  { rel: "stylesheet", href: trafficCss },
];

export function loader({ params, context }: PageLoaderArgs) {
  return loadTrafficTag(params.startDate, params.tag, context);
}

// The tag figures are rolled up once a day.
export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=300" });

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  return pageMeta(site, {
    title: `#${data.tag} traffic on ${platform} from ${data.startDate} to ${data.endDate}`,
    description: `Rooms with #${data.tag} on ${platform} and their viewers, hour by hour, from ${data.startDate} to ${data.endDate}.`,
    path: data.path,
  });
});

/** A bad date or tag, or 7 days without figures for the tag: the 404 page. */
export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function TrafficTag() {
  return <TrafficTagPage data={useLoaderData<typeof loader>()} />;
}
