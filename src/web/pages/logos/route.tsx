import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import { SITE_NAME } from "../../../site/site-settings.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { type PageMetaFunction, pageMeta, siteOf, titled } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { loadLogos } from "./load.server.ts";
import logosCss from "./logos.css?url";
import { LogosPage } from "./logos-page.tsx";

/** /logos (SPEC §2 "further pages"): the site's logo, colours and the rankings' covers. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: logosCss }];

export function loader({ context }: PageLoaderArgs) {
  return loadLogos(context);
}

// Changes with a deploy, or when the latest day's tags do: an hour is plenty.
export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=3600" });

export const meta: PageMetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(siteOf(matches), {
    title: titled("Logos and brand assets"),
    description: `The ${SITE_NAME} logo as SVG for light and dark backgrounds, the brand colours with their hex values, and the ranking covers.`,
    path: "/logos",
  });

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function Logos() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <LogosPage data={data} platformName={platformName} />;
}
