import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { BadgesPage } from "./badges-page.tsx";
import { loadPerformerBadges } from "./load.server.ts";
import badgesCss from "./performer-badges.css?url";

/** /performerbadges[?name=] (SPEC §2, §9): rank badges, viewer badges, follower tiers. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: badgesCss }];

// Who earned what changes with the daily celebrations file.
export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=300" });

export function loader({ request, context }: PageLoaderArgs) {
  return loadPerformerBadges(request, context);
}

export const meta = dataPageMeta<typeof loader>((_data, site, platform) => {
  return pageMeta(site, {
    title: `Performer badges on ${platform}`,
    description: `The rank badges, viewer badges and follower tiers of ${platform} performers, how each is earned and who earned them recently.`,
    path: "/performerbadges",
  });
});

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function PerformerBadges() {
  const data = useLoaderData<typeof loader>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <BadgesPage data={data} platformName={platformName} />;
}
