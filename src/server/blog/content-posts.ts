import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { namedCache } from "../../cache/named-cache.ts";
import type { BlogPost } from "../../site/blog/blog-entry.ts";
import { blogPosts } from "../../site/blog/blog-posts.ts";

/** content/blog, from this file's place in the repository (the server runs from its source). */
export const BLOG_CONTENT_DIR = fileURLToPath(new URL("../../../content/blog/", import.meta.url));

/** The posts by directory (one in a running site; tests read others), kept for good. */
const cached = namedCache<string, BlogPost[]>({
  name: "blog-content-posts",
  key: "the posts' directory",
  bound: { entries: 8 },
  ttlMs: Number.POSITIVE_INFINITY,
});

/**
 * The hand-written posts as the feed and the sitemap see them: the same files and parser as the
 * pages (src/web/pages/blog/content.server.ts, which has them built in), read from disk once, since
 * only a deploy changes them.
 */
export function contentPosts(dir: string = BLOG_CONTENT_DIR): BlogPost[] {
  let posts = cached.get(dir);
  if (posts === undefined) {
    const files: Record<string, string> = {};
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith(".md"))
      .sort())
      files[name] = readFileSync(path.join(dir, name), "utf8");
    posts = blogPosts(files);
    cached.set(dir, posts);
  }
  return posts;
}
