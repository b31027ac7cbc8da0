import type { BlogPost } from "../../../site/blog/blog-entry.ts";
import { blogPosts } from "../../../site/blog/blog-posts.ts";

/**
 * The hand-written posts (content/blog/*.md), built into the pages (import.meta.glob): a deploy is
 * what changes them, so they are parsed and rendered once. The server reads the same files from
 * disk for the feed and the sitemap (src/server/blog/content-posts.ts).
 */
const FILES = import.meta.glob<string>("../../../../content/blog/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

let posts: BlogPost[] | undefined;
export const renderedPosts = (): BlogPost[] => {
  posts ??= blogPosts(FILES);
  return posts;
};
