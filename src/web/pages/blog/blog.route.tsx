import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData } from "react-router";
import { SITE_NAME } from "../../../site/site-settings.ts";
import { BLOG_FEED_PATH, BLOG_PATH } from "../../../site/urls/blog.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { pageHref } from "../../lib/pagination.ts";
import { dataPageMeta, pageMeta, titled } from "../../lib/seo.ts";
import pageCss from "./blog.css?url";
import { BlogListPage } from "./blog-list-page.tsx";
import { loadBlogList } from "./load.server.ts";
import { BLOG_CACHE_CONTROL } from "./page-data.ts";

/** /blog (SPEC §2): the posts and data reports, newest first; ?tag= and ?page=. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: pageCss },
  { rel: "alternate", type: "application/atom+xml", href: BLOG_FEED_PATH, title: `${SITE_NAME} blog` },
];

export function loader({ request, context }: PageLoaderArgs) {
  return loadBlogList(request, context);
}

export const headers: HeadersFunction = () => ({ "cache-control": BLOG_CACHE_CONTROL });

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  const keep = new URLSearchParams(data.tag === null ? {} : { tag: data.tag });
  const pageNote = data.page > 1 ? ` (page ${data.page})` : "";
  return pageMeta(site, {
    title: titled(data.tag === null ? `Blog${pageNote}` : `Blog: #${data.tag}${pageNote}`),
    description: `How our rankings of ${platform} are made, what the data can and cannot tell, and a data report every month.`,
    path: pageHref(BLOG_PATH, data.page, keep),
  });
});

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function Blog() {
  return <BlogListPage data={useLoaderData<typeof loader>()} />;
}
