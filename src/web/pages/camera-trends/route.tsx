import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import chartCss from "../../components/charts/svg-line-chart.css?url";
import { OlderDaysNote } from "../../components/older-days-note.tsx";
import { withOlderDays } from "../../lib/older-days.server.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta, titled } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import cameraTrendsCss from "./camera-trends.css?url";
import { CameraTrendsPage } from "./camera-trends-page.tsx";
import { loadCameraTrends } from "./load.server.ts";
import { cameraTrendsPath } from "./trend-view.ts";

/** /camera-trends (SPEC §2 names "camera trends"): the rooms' HD, gender and tag shares over time. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: chartCss },
  { rel: "stylesheet", href: cameraTrendsCss },
];

export function loader({ request, context }: PageLoaderArgs) {
  // After a first start the newest day comes first: the page says when older days are still coming.
  return withOlderDays(loadCameraTrends(request, context), context);
}

export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=300" });

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  return pageMeta(site, {
    title: titled(`Camera trends on ${platform}`),
    description: `How ${platform}'s rooms are made up day by day: the share in HD, of each gender and of the biggest tags, to ${data.day}.`,
    path: cameraTrendsPath(data.span, data.fitting),
  });
});

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function CameraTrends() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return (
    <>
      <OlderDaysNote olderDays={data.olderDays} />
      <CameraTrendsPage data={data} platformName={platformName} />
    </>
  );
}
