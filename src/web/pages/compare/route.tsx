import { type HeadersFunction, type LinksFunction, redirect, useLoaderData } from "react-router";
import pageCss from "../../components/charts/time-chart.css?url";
import { comparePath, readCompareQuery } from "../../lib/compare/compare-query.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import {
  accountPageHeaders,
  errorMeta,
  type PageMetaFunction,
  pageMeta,
  siteOf,
  titled,
} from "../../lib/seo.ts";
import compareCss from "./compare.css?url";
import { ComparePage } from "./compare-page.tsx";

/**
 * /compare?performers=a,b&days=30 (issue 20): the choice is server-rendered; the comparison is the
 * signed-in visitor's, fetched by the browser (POST /v1/compare_performers).
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: pageCss },
  { rel: "stylesheet", href: compareCss },
];

/** The address is read forgivingly: whatever it holds, the page opens with what could be used. */
export function loader({ request }: PageLoaderArgs) {
  const query = readCompareQuery(new URL(request.url).searchParams);
  // The no-script form's add and remove: the clean, shareable address takes over.
  if (query.edited) throw redirect(comparePath(query.performers, query.days));
  return query;
}

/** Results are for signed-in visitors: never kept by a cache, as the account pages. */
export const headers: HeadersFunction = accountPageHeaders;

export const meta: PageMetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (error || !data) return errorMeta(error);
  return pageMeta(siteOf(matches), {
    title: titled(
      data.performers.length > 0 ? `Compare ${data.performers.join(", ")}` : "Compare performers",
    ),
    description:
      "Compare 2 to 5 performers side by side: followers, peak and average viewers, hours online and best rank over 7, 30, 90 or 365 days.",
    path: "/compare",
    noindex: true,
  });
};

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function Compare() {
  return <ComparePage query={useLoaderData<typeof loader>()} />;
}
