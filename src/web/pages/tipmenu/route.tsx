import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import { tipMenuPath } from "../../../site/tipmenu.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta, titled } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { loadTipMenu } from "./load.server.ts";
import { TIPMENU_CACHE_CONTROL } from "./page-data.ts";
import pageCss from "./tipmenu.css?url";
import { TipMenuPage } from "./tipmenu-page.tsx";

/** /tipmenu and /tipmenu/{searchTerm}/{gender} (SPEC §2), one module for both; ?min= and ?max= narrow the tokens. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageCss }];

export function loader(args: PageLoaderArgs) {
  return loadTipMenu(args);
}

export const headers: HeadersFunction = () => ({ "cache-control": TIPMENU_CACHE_CONTROL });

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  const { answer } = data;
  if (answer === null && data.problem === null)
    return pageMeta(site, {
      title: titled("Tip menu search: what performers charge"),
      description: `Search what performers on ${platform} charge in tokens for a dance, an oil show or anything else, by gender and price, with the median and quartiles.`,
      path: "/tipmenu",
    });
  if (answer === null)
    return pageMeta(site, {
      title: titled("Tip menu search"),
      description: `Search what performers on ${platform} charge in tokens.`,
      path: "/tipmenu",
      noindex: true,
    });
  const median = answer.distribution.all.median;
  return pageMeta(site, {
    title: titled(`${answer.searchTerm}: tip menu prices`),
    description:
      median === null
        ? `What performers on ${platform} charge for ${answer.searchTerm}.`
        : `Performers on ${platform} ask a median of ${median} tokens for ${answer.searchTerm} (${answer.distribution.all.count} prices seen in the last 90 days).`,
    path: tipMenuPath(answer.searchTerm, data.form.gender),
    // A narrowed range is the same page, narrower: the canonical one is indexed.
    noindex: answer.minTokens !== 0 || answer.maxTokens !== 1_000_000,
  });
});

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function TipMenu() {
  const data = useLoaderData<typeof loader>();
  const platform = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <TipMenuPage data={data} platform={platform} />;
}
