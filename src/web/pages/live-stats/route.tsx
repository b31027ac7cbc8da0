import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import chartCss from "../../components/charts/svg-line-chart.css?url";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta, titled } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import liveStatsCss from "./live-stats.css?url";
import { LiveStatsPage } from "./live-stats-page.tsx";
import { loadLiveStats } from "./load.server.ts";

/** /live-stats (SPEC §2 names "live stats"): the platform now and over the last 24 hours. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: chartCss },
  { rel: "stylesheet", href: liveStatsCss },
];

export function loader({ context }: PageLoaderArgs) {
  return loadLiveStats(context);
}

// A poll comes once a minute; the page asks for new figures itself.
export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=15" });

export const meta = dataPageMeta<typeof loader>((_data, site, platform) => {
  return pageMeta(site, {
    title: titled(`Live stats: ${platform} right now`),
    description: `How many rooms are online on ${platform} right now and how many viewers they have, by gender, against a day before, with the last 24 hours.`,
    path: "/live-stats",
  });
});

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function LiveStatsRoute() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <LiveStatsPage data={data} platformName={platformName} />;
}
