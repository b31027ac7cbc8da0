import { describe, expect, it } from "vitest";
import { TOP_VIEWERS_POST } from "../daily-viewers/about-top-viewers.tsx";
import { FAMILY_POSTS } from "../ranked-lists/about-ranked-list.tsx";
import { renderedPosts } from "./content.server.ts";

describe("the blog's content files", () => {
  const posts = renderedPosts();
  const paths = new Set(posts.map((p) => `/blog/${p.slug}`));

  it("all parse, with the posts the site links to", () => {
    expect(posts.length).toBeGreaterThanOrEqual(8);
    for (const linked of [TOP_VIEWERS_POST, ...Object.values(FAMILY_POSTS).map((p) => p.path)])
      expect(paths.has(linked), linked).toBe(true);
  });

  it("link only to our own paths, anchors and https, and to posts that exist; no raw HTML", () => {
    for (const post of posts) {
      expect(post.html, post.slug).not.toMatch(/<(script|iframe|img|style|div|span)\b/);
      for (const [, href] of post.html.matchAll(/href="([^"]*)"/g)) {
        expect(href, post.slug).toMatch(/^(\/[a-z#?]|https:\/\/)/);
        const slug = /^\/blog\/([a-z0-9-]+)$/.exec(href ?? "")?.[1];
        if (slug !== undefined) expect(paths.has(`/blog/${slug}`), `${post.slug} → ${href}`).toBe(true);
      }
    }
  });
});
