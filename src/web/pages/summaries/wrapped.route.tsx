import { useLoaderData, useRouteLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { summaryHeaders, wrappedLinks } from "./route-parts.ts";
import { loadWrapped } from "./wrapped.server.ts";
import { WrappedPage } from "./wrapped-page.tsx";

/** /{platform}_wrapped/{performerName}[?year=YYYY] (SPEC §2): a performer's year. */
export const links = wrappedLinks;
export const headers = summaryHeaders;

export function loader({ request, params, context }: PageLoaderArgs) {
  return loadWrapped(request, params, context);
}

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  const s = data.summary;
  return pageMeta(site, {
    title: `${data.username}'s ${data.year} wrapped on ${platform}`,
    description: data.empty
      ? `${data.username} on ${platform} in ${data.year}: no streams recorded.`
      : `${data.username} on ${platform} in ${data.year}: ${s.hoursStreamed} hours streamed over ${s.streams} streams` +
        `${s.peakViewers ? `, a peak of ${s.peakViewers.viewers} viewers` : ""}.`,
    path: data.path,
  });
});

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function Wrapped() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <WrappedPage data={data} platformName={platformName} />;
}
