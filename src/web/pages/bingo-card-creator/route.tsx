import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import { BINGO_PAGE_PATH, cardPngPath } from "../../../site/bingo/card-urls.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { errorMeta, type PageMetaFunction, pageMeta, siteOf, titled } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import pageCss from "./bingo.css?url";
import { BingoCreatorPage } from "./bingo-page.tsx";
import { loadBingoCreator } from "./load.server.ts";
import { BINGO_CACHE_CONTROL } from "./page-data.ts";

/** /bingo-card-creator (SPEC §2, issue 20); ?card= opens a shared card, ?size= the image size. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageCss }];

export function loader(args: PageLoaderArgs) {
  return loadBingoCreator(args);
}

export const headers: HeadersFunction = () => ({ "cache-control": BINGO_CACHE_CONTROL });

export const meta: PageMetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (error || !data) return errorMeta(error);
  const site = siteOf(matches);
  const platform = site?.platformName ?? "your platform";
  const shared = data.shared
    ? {
        title: titled(`${data.card.title}: a bingo card`),
        description: `A ${data.card.size} × ${data.card.size} tip bingo card. Open it to download it or make your own.`,
      }
    : {
        title: titled("Bingo card creator: tip bingo cards for your room"),
        description: `Make a tip bingo card for your ${platform} room from the goals performers really set, with their usual prices. Download it sized for your bio or stream overlay, or share a link.`,
      };
  const image =
    data.shared && site !== undefined
      ? [{ property: "og:image", content: `${site.origin}${cardPngPath(data.card)}` }]
      : [];
  return [...pageMeta(site, { ...shared, path: BINGO_PAGE_PATH, noindex: data.problem !== null }), ...image];
};

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function BingoCardCreator() {
  const data = useLoaderData<typeof loader>();
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  return <BingoCreatorPage data={data} origin={origin} />;
}
