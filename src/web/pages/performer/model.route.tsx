import type { HeadersFunction } from "react-router";
import { useLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta } from "../../lib/seo.ts";
import { loadPerformerPage } from "./load.server.ts";
import { PerformerPage } from "./performer-page.tsx";
import { performerLinks } from "./route-parts.ts";
import { performerDescription, performerTitle } from "./titles.ts";

/**
 * /model/{user} (SPEC §2: "performer home; user is lowercased"): the performer page, whose
 * canonical address is /{user}; capitals are a 301 to /model/{lowercase}.
 */
export const links = performerLinks;

const modelPath = (name: string) => `/model/${encodeURIComponent(name)}`;

export function loader({ request, params, context }: PageLoaderArgs) {
  return loadPerformerPage(request, params.user, context, modelPath);
}

export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=60" });

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  return pageMeta(site, {
    title: performerTitle(data, platform),
    description: performerDescription(data, platform),
    path: data.path,
  });
});

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function ModelPage() {
  const data = useLoaderData<typeof loader>();
  return <PerformerPage data={data} />;
}
