import { z } from "zod";
import { ContentFileError, parseContentFile, renderMarkdown } from "../markdown.ts";
import { BLOG_SLUG, reportMonthOfSlug } from "../urls/blog.ts";
import type { BlogEntry, BlogPost } from "./blog-entry.ts";

/** A tag of a post: lower-case words joined by dashes, like a slug. */
export const BLOG_TAG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A hand-written post's front matter (content/blog/*.md). The slug, when absent, is the file's name. */
export const blogPostMetaSchema = z.strictObject({
  title: z.string().min(1).max(120),
  slug: z.string().regex(BLOG_SLUG).optional(),
  date: z.iso.date(),
  tags: z.array(z.string().regex(BLOG_TAG)).min(1),
  summary: z.string().min(1).max(300),
});

const fileSlug = (name: string) => (name.split(/[\\/]/).pop() ?? name).replace(/\.md$/, "");

/**
 * The content files to posts, newest first (then by slug). A file the schema refuses, a slug a
 * data report would take, or two files with one slug fail here, naming the file: posts are ours,
 * and a mistake in one should fail the tests, not a page.
 */
export function blogPosts(files: Record<string, string>): BlogPost[] {
  const posts = Object.keys(files).map((name): BlogPost => {
    const { meta, body } = parseContentFile(name, files[name] ?? "", blogPostMetaSchema);
    const slug = meta.slug ?? fileSlug(name);
    if (!BLOG_SLUG.test(slug)) throw new ContentFileError(`${name}: the file name is not a slug`);
    if (reportMonthOfSlug(slug) !== null)
      throw new ContentFileError(`${name}: the slug ${slug} is a data report's`);
    return {
      kind: "post",
      slug,
      title: meta.title,
      date: meta.date,
      tags: meta.tags,
      summary: meta.summary,
      html: renderMarkdown(body),
    };
  });
  const seen = new Set<string>();
  for (const post of posts) {
    if (seen.has(post.slug)) throw new ContentFileError(`two posts have the slug ${post.slug}`);
    seen.add(post.slug);
  }
  return posts.sort(newestFirst);
}

/** Newest first; on one day, by slug, so the order never depends on the files' order. */
export function newestFirst(a: BlogEntry, b: BlogEntry): number {
  return b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug);
}

/** A post's entry in the list (its text left out). */
export const entryOf = ({ kind, slug, title, date, tags, summary }: BlogEntry): BlogEntry => ({
  kind,
  slug,
  title,
  date,
  tags,
  summary,
});
