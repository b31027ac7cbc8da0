import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData } from "react-router";
import { SITE_NAME } from "../../../site/site-settings.ts";
import { BLOG_FEED_PATH, BLOG_SLUG, blogPostPath } from "../../../site/urls/blog.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { errorMeta, type PageMetaFunction, pageMeta, siteOf, titled } from "../../lib/seo.ts";
import pageCss from "./blog.css?url";
import { BlogPostPage } from "./blog-post-page.tsx";
import { loadBlogPost } from "./load.server.ts";
import { BLOG_CACHE_CONTROL } from "./page-data.ts";

/** /blog/{slug} (SPEC §2 /blog/{title}): a post or a data report; any other slug is the 404 page. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: pageCss },
  { rel: "alternate", type: "application/atom+xml", href: BLOG_FEED_PATH, title: `${SITE_NAME} blog` },
];

export function loader({ params, context }: PageLoaderArgs) {
  const slug = params.slug ?? "";
  if (!BLOG_SLUG.test(slug)) throw notFound();
  return loadBlogPost(slug, context);
}

export const headers: HeadersFunction = () => ({ "cache-control": BLOG_CACHE_CONTROL });

export const meta: PageMetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (error || !data) return errorMeta(error);
  const entry = data.kind === "post" ? data.post : data.entry;
  return [
    ...pageMeta(siteOf(matches), {
      title: titled(entry.title),
      description: entry.summary,
      path: blogPostPath(entry.slug),
    }),
    { property: "og:type", content: "article" },
    { property: "article:published_time", content: entry.date },
    ...entry.tags.map((tag) => ({ property: "article:tag", content: tag })),
  ];
};

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function BlogPost() {
  return <BlogPostPage data={useLoaderData<typeof loader>()} />;
}
