import { describe, expect, it } from "vitest";
import { BLOG_FEED_ENTRIES, blogAtomFeed } from "./blog-feed.ts";
import { contentPosts } from "./content-posts.ts";

const REPORTS = [
  {
    month: "2026-10",
    slug: "the-platform-in-october-2026",
    date: "2026-11-01",
    title: "The platform in October 2026",
    summary: "Rooms & viewers <up>.",
  },
];

describe("the blog's Atom feed", () => {
  const xml = blogAtomFeed({
    origin: "https://stats.example",
    siteName: "camstats",
    posts: contentPosts(),
    reports: REPORTS,
  });
  const entries = [...xml.matchAll(/<entry>(.*?)<\/entry>/gs)].map((m) => m[1] ?? "");

  it("is Atom with absolute links on the configured origin, dated by its newest entry", () => {
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/,
    );
    expect(xml).toContain("<id>tag:stats.example,2026:blog</id>");
    expect(xml).toContain('<link rel="self" href="https://stats.example/blog/feed.xml"/>');
    expect(xml).toContain('<link rel="alternate" href="https://stats.example/blog"/>');
    expect(xml.slice(0, xml.indexOf("<entry>"))).toContain("<updated>2026-11-24T00:00:00.000Z</updated>");
  });

  it("holds every post and report, newest first, each with its link, summary and tags", () => {
    expect(entries).toHaveLength(Math.min(BLOG_FEED_ENTRIES, contentPosts().length + 1));
    const links = entries.map((e) => /<link href="([^"]+)"\/>/.exec(e)?.[1]);
    expect(links[0]).toBe("https://stats.example/blog/what-the-data-can-and-cannot-tell");
    expect(links.at(-1)).toBe("https://stats.example/blog/the-platform-in-october-2026");
    const report = entries.at(-1) ?? "";
    expect(report).toContain("<id>tag:stats.example,2026:blog/the-platform-in-october-2026</id>");
    expect(report).toContain('<category term="data-report"/>');
    // The summary's text, escaped once: a reader shows "Rooms & viewers <up>."
    expect(report).toMatch(/<summary type="html"><!\[CDATA\[Rooms &amp; viewers &lt;up&gt;.\]\]><\/summary>/);
    expect(entries[0]).toMatch(/<content type="html"><!\[CDATA\[<p>Everything on this site/);
    // Our paths made absolute; no relative link left.
    expect(entries[0]).toContain('<a href="https://stats.example/traffic">traffic</a>');
    expect(entries.join("")).not.toMatch(/href="\//);
  });

  it("is the same document from the same posts", () => {
    expect(
      blogAtomFeed({
        origin: "https://stats.example",
        siteName: "camstats",
        posts: contentPosts(),
        reports: REPORTS,
      }),
    ).toBe(xml);
  });
});
