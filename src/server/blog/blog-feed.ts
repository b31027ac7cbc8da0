import { Feed } from "feed";
import type { ReportIndex } from "../../publish/reports/report-file.ts";
import { type BlogEntry, type BlogPost, REPORT_TAG } from "../../site/blog/blog-entry.ts";
import { newestFirst } from "../../site/blog/blog-posts.ts";
import { BLOG_FEED_PATH, BLOG_PATH, blogPostPath } from "../../site/urls/blog.ts";

/** Entries in the feed: the newest posts and reports. */
export const BLOG_FEED_ENTRIES = 50;

/** The package writes titles as HTML and reads "&amp;" as already escaped: escape every one first. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const asText = (text: string) => text.replace(/&/g, "&amp;");

/** A post's links to our own paths (/…) made absolute: a feed reader has no page to resolve them against. */
const absoluteLinks = (html: string, origin: string) =>
  html.replace(/(href|src)="\/(?!\/)/g, (_m, attribute: string) => `${attribute}="${origin}/`);

export interface BlogFeedInput {
  origin: string;
  siteName: string;
  posts: readonly BlogPost[];
  reports: ReportIndex;
}

/**
 * /blog/feed.xml: the posts and data reports, newest first, as Atom. Links are absolute, on the
 * configured origin; ids are tag: URIs (RFC 4151) of its host and the slug, so a reader never shows
 * a post twice. `updated` is the newest entry's day, not the clock: the same posts give the same feed.
 * A post carries its text; a report its summary (its charts and tables are on its page).
 */
export function blogAtomFeed(input: BlogFeedInput): string {
  const host = new URL(input.origin).hostname;
  const tag = (path: string) => `tag:${host},2026:${path}`;
  const texts = new Map(input.posts.map((p) => [p.slug, p.html]));
  const entries: BlogEntry[] = [
    ...input.posts,
    ...input.reports.map((r) => ({
      kind: "report" as const,
      slug: r.slug,
      title: r.title,
      date: r.date,
      tags: [REPORT_TAG],
      summary: r.summary,
    })),
  ]
    .sort(newestFirst)
    .slice(0, BLOG_FEED_ENTRIES);
  const day = (date: string) => new Date(`${date}T00:00:00Z`);
  const feed = new Feed({
    id: tag("blog"),
    title: asText(`${input.siteName} blog`),
    description:
      "How our rankings are made, what the data can and cannot tell, and a data report every month.",
    updated: day(entries[0]?.date ?? "2026-01-01"),
    link: new URL(BLOG_PATH, input.origin).href,
    feed: new URL(BLOG_FEED_PATH, input.origin).href,
    author: { name: asText(input.siteName) },
    copyright: asText(input.siteName),
    generator: false,
  });
  for (const entry of entries) {
    const content = texts.get(entry.slug);
    feed.addItem({
      title: html(entry.title),
      id: tag(`blog/${entry.slug}`),
      link: new URL(blogPostPath(entry.slug), input.origin).href,
      date: day(entry.date),
      published: day(entry.date),
      description: html(entry.summary),
      ...(content === undefined ? {} : { content: absoluteLinks(content, input.origin) }),
      category: entry.tags.map((term) => ({ term })),
    });
  }
  return feed.atom1();
}
