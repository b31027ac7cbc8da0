import type { FastifyInstance } from "fastify";
import { readPublishedJson } from "../../publish/read-published-json.ts";
import { REPORT_INDEX_PATH, reportIndexSchema } from "../../publish/reports/report-file.ts";
import { BLOG_FEED_PATH } from "../../site/urls/blog.ts";
import type { StorageOrDir } from "../../storage/storage.ts";
import { blogAtomFeed } from "../blog/blog-feed.ts";
import { contentPosts } from "../blog/content-posts.ts";

/**
 * GET /blog/feed.xml: the blog's Atom feed (posts and data reports). A Fastify route, not a page:
 * the pages' /blog/{slug} would answer it with a 404. Registered before the pages.
 */
export function registerBlogFeed(
  app: FastifyInstance,
  options: { publishDir: StorageOrDir; origin: string; siteName: string; contentDir?: string },
): void {
  app.get(BLOG_FEED_PATH, async (_request, reply) => {
    const reports = await readPublishedJson(options.publishDir, REPORT_INDEX_PATH, reportIndexSchema);
    const xml = blogAtomFeed({
      origin: options.origin,
      siteName: options.siteName,
      posts: contentPosts(options.contentDir),
      reports: reports ?? [],
    });
    return reply
      .header("cache-control", "public, max-age=3600")
      .type("application/atom+xml; charset=utf-8")
      .send(xml);
  });
}
