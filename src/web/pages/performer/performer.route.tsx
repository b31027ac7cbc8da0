import type { HeadersFunction } from "react-router";
import { data, redirect, useLoaderData, useRouteLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, loaderCacheControl, pageMeta } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { loadPerformerPage } from "./load.server.ts";
import { PerformerPage } from "./performer-page.tsx";
import { performerLinks } from "./route-parts.ts";
import { performerDescription, performerTitle, tokenDescription, tokenTitle } from "./titles.ts";
import { isTokenPage, loadTokenPage } from "./token-load.server.ts";
import { TokenPage } from "./token-page.tsx";

/**
 * Every single-segment address no other route takes (SPEC §2): /{platform}-tokens, the token page
 * (the slug is configuration, so it cannot be a route of its own), and otherwise /{performerName},
 * the catch-all performer page. A loader result's `kind` says which page it is.
 */
export const links = performerLinks;

export async function loader({ request, params, context }: PageLoaderArgs) {
  const segment = params.performerName ?? "";
  if (isTokenPage(segment, context)) {
    if (segment !== segment.toLowerCase())
      throw redirect(`/${segment.toLowerCase()}${new URL(request.url).search}`, 301);
    return data(await loadTokenPage(request, context), { headers: { "cache-control": TOKEN_PAGE_CACHE } });
  }
  return loadPerformerPage(request, segment, context);
}

/**
 * The token page's render reads a week of sessions (0.4 to 0.7 s on the bench data): once expired
 * it is served for up to a minute more while one render refreshes it (the server's page cache,
 * docs/pages.md), so no visitor waits for that read.
 */
const TOKEN_PAGE_CACHE = "public, max-age=60, stale-while-revalidate=60";

// Who is live changes every poll: a minute, as the ranking pages. The token page says its own.
export const headers: HeadersFunction = loaderCacheControl("public, max-age=60");

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  if (data.kind === "tokens")
    return pageMeta(site, {
      title: tokenTitle(platform),
      description: tokenDescription(platform),
      path: data.path,
    });
  return pageMeta(site, {
    title: performerTitle(data, platform),
    description: performerDescription(data, platform),
    path: data.path,
  });
});

/** An unknown or opted-out performer, a name that cannot be one, a bad parameter: the 404 page. */
export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function SingleSegmentPage() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  if (data.kind === "tokens") return <TokenPage data={data} platformName={platformName} />;
  return <PerformerPage data={data} />;
}
