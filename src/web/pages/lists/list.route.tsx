import {
  type HeadersFunction,
  isRouteErrorResponse,
  type LinksFunction,
  useLoaderData,
  useRouteError,
} from "react-router";
import { ErrorPage } from "../../components/error-page.tsx";
import { flagLinks } from "../../components/flag.tsx";
import rankingCellsCss from "../../components/ranking-cells.css?url";
import { listFeedPath, listPath } from "../../lib/lists/list-data.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { errorMeta, type PageMetaFunction, pageMeta, siteOf, titled } from "../../lib/seo.ts";
import { loadListPage } from "./list-page.server.ts";
import { ListPage } from "./list-page.tsx";
import { isListPageMiss, LIST_PAGE_CACHE_CONTROL, listDescription } from "./list-page-data.ts";

/** The follower change's colours are the ranking tables' (lists.css itself is the root's). */
export const links: LinksFunction = () => [...flagLinks(), { rel: "stylesheet", href: rankingCellsCss }];

export function loader(args: PageLoaderArgs) {
  return loadListPage(args);
}

/**
 * A public list is the same page for everyone (the personal parts are the browser's): kept a
 * minute, as GET /v1/lists/{id}. The 404 of a private list is the same for everyone too.
 */
export const headers: HeadersFunction = () => ({ "cache-control": LIST_PAGE_CACHE_CONTROL });

export const meta: PageMetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (error || !data) return errorMeta(error);
  const site = siteOf(matches);
  const { list } = data.summary;
  const description = listDescription(data.summary);
  const image = list.image === null ? null : site ? new URL(list.image, site.origin).href : list.image;
  return [
    // The preview's title is the list's own name; the page's title adds the site's.
    ...pageMeta(site, { title: titled(list.name), description, path: listPath(list.listId) }).map((tag) =>
      "property" in tag && tag.property === "og:title" ? { ...tag, content: list.name } : tag,
    ),
    { property: "og:type", content: "website" },
    ...(image === null ? [] : [{ property: "og:image", content: image }]),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: `${list.name}: go-lives`,
      href: listFeedPath(list.listId),
    },
  ];
};

/** A private or unknown list: the 404 page, which becomes the list for its signed-in owner. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404 && isListPageMiss(error.data))
    return <ListPage base={error.data} initial={null} />;
  return <ErrorPage error={error} />;
}

export default function ListRoute() {
  const data = useLoaderData<typeof loader>();
  return <ListPage base={data} initial={data.summary} />;
}
