import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import { GENDER_LABELS } from "../../../site/gender-labels.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { errorMeta, type PageMetaFunction, pageMeta, siteOf, titled } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { loadRace } from "./load.server.ts";
import raceCss from "./race.css?url";
import { RacePage } from "./race-page.tsx";

/** /race and /race/{gender} (SPEC §2 "further pages"): who reaches their next follower milestone first. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: raceCss }];

export function loader({ params, context }: PageLoaderArgs) {
  return loadRace(params.gender, context);
}

// Drawn from files published once a day; a few minutes of staleness cost nothing.
export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=300" });

export const meta: PageMetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (error || !data) return errorMeta(error);
  const site = siteOf(matches);
  const who = data.gender === "all" ? "" : ` (${GENDER_LABELS[data.gender]})`;
  return pageMeta(site, {
    title: titled(`The race to the next follower milestone${who}`),
    description: `Who reaches their next follower milestone first on ${site?.platformName ?? "the platform"} at the past week's pace, and who reached one in the last 7 days.`,
    path: data.path,
  });
};

/** An unknown gender: the 404 page; before the first publish: 503. */
export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function Race() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <RacePage data={data} platformName={platformName} />;
}
