import { useLoaderData, useRouteLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta } from "../../lib/seo.ts";
import { monthName } from "../../lib/summaries/text.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { loadMonthly } from "./monthly.server.ts";
import { MonthlyPage } from "./monthly-page.tsx";
import { monthlyLinks, summaryHeaders } from "./route-parts.ts";

/** /monthly_summary/{performerName}[?month=YYYY-MM] (SPEC §2, §9): 12 monthly summaries. */
export const links = monthlyLinks;
export const headers = summaryHeaders;

export function loader({ request, params, context }: PageLoaderArgs) {
  return loadMonthly(request, params, context);
}

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  return pageMeta(site, {
    title: `${data.username}'s monthly summary on ${platform}`,
    description: `${data.username}'s streams, time online, viewers, followers and ranks on ${platform}, month by month to ${monthName(data.month)}.`,
    path: data.path,
  });
});

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function MonthlySummary() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <MonthlyPage data={data} platformName={platformName} />;
}
