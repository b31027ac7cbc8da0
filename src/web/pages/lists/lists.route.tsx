import { type HeadersFunction, type ShouldRevalidateFunction, useLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { errorMeta, type PageMetaFunction, pageMeta, siteOf, titled } from "../../lib/seo.ts";
import { LIST_PAGE_CACHE_CONTROL } from "./list-page-data.ts";
import { loadListsPage } from "./lists-page.server.ts";
import { ListsPage } from "./lists-page.tsx";

export function loader(args: PageLoaderArgs) {
  return loadListsPage(args);
}

/** The same page for everyone: the public lists; My Lists and Watched are filled by the browser. */
export const headers: HeadersFunction = () => ({ "cache-control": LIST_PAGE_CACHE_CONTROL });

/** A change of tab alone keeps the public lists loaded (the tab is the address's `tab`). */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  currentUrl.pathname === nextUrl.pathname &&
  currentUrl.searchParams.get("page") === nextUrl.searchParams.get("page")
    ? false
    : defaultShouldRevalidate;

export const meta: PageMetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (error || !data) return errorMeta(error);
  return pageMeta(siteOf(matches), {
    title: titled("Model lists"),
    description: `${data.total.toLocaleString("en-US")} public lists of performers kept by fans: who is live now, followers and more.`,
    path: data.page > 1 ? `/lists?page=${data.page}` : "/lists",
  });
};

/** /lists (SPEC §2): Public lists, My Lists (`?tab=1`) and Watched (`?tab=2`). */
export default function Lists() {
  return <ListsPage data={useLoaderData<typeof loader>()} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";
