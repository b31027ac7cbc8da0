import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import celebrationsCss from "./celebrations.css?url";
import { CelebrationsPage } from "./celebrations-page.tsx";
import { loadCelebrations } from "./page.server.ts";

/** /celebrations[?kind=followers|viewers|rank] (SPEC §2): the last 7 days' milestones and badges. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: celebrationsCss }];

// The file is rewritten once a day.
export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=300" });

export function loader({ request, context }: PageLoaderArgs) {
  return loadCelebrations(request, context);
}

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  return pageMeta(site, {
    title: `Celebrations: milestones and badges on ${platform}`,
    description: `Performers on ${platform} who reached follower and viewer milestones or a rank badge in the last 7 days.`,
    path: data.path,
  });
});

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function Celebrations() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <CelebrationsPage data={data} platformName={platformName} />;
}
