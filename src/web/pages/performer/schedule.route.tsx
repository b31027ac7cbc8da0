import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta } from "../../lib/seo.ts";
import ownProfileCss from "./own-profile.css?url";
import performerCss from "./performer.css?url";
import { loadSchedulePage } from "./schedule-load.server.ts";
import { SchedulePage } from "./schedule-page.tsx";
import { scheduleDescription, scheduleTitle } from "./titles.ts";

/** /schedule/{user} (SPEC §2): when the performer usually streams; 404 like the performer page. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: performerCss },
  { rel: "stylesheet", href: ownProfileCss },
];

export function loader({ request, params, context }: PageLoaderArgs) {
  return loadSchedulePage(request, params.user, context);
}

// The schedule moves with each day's rollup; a minute keeps it in step with the performer page.
export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=60" });

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  return pageMeta(site, {
    title: scheduleTitle(data.username, platform),
    description: scheduleDescription(data.username, data.inWords, platform),
    path: data.schedulePath,
  });
});

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function Schedule() {
  return <SchedulePage data={useLoaderData<typeof loader>()} />;
}
