import { confirmedOptouts } from "../../../db/queries/optouts.ts";
import type { PageContext } from "../../../page-context.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import {
  REPORT_INDEX_PATH,
  type ReportFile,
  type ReportIndex,
  reportFileSchema,
  reportIndexSchema,
  reportPath,
} from "../../../publish/reports/report-file.ts";
import { type BlogEntry, REPORT_TAG } from "../../../site/blog/blog-entry.ts";
import { BLOG_TAG, entryOf, newestFirst } from "../../../site/blog/blog-posts.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import { renderedPosts } from "./content.server.ts";
import { type BlogListData, type BlogPostData, type Neighbour, POSTS_PER_PAGE } from "./page-data.ts";

const PAGE = /^[1-9]\d{0,4}$/;

/** A report's entry in the list. */
export const reportEntry = (report: ReportIndex[number]): BlogEntry => ({
  kind: "report",
  slug: report.slug,
  title: report.title,
  date: report.date,
  tags: [REPORT_TAG],
  summary: report.summary,
});

/** Every post and data report, newest first. A report index not published yet adds nothing. */
export async function allEntries(context: Pick<PageContext, "publishDir">): Promise<BlogEntry[]> {
  const reports = await readPublishedJson(context.publishDir, REPORT_INDEX_PATH, reportIndexSchema);
  return [...renderedPosts().map(entryOf), ...(reports ?? []).map(reportEntry)].sort(newestFirst);
}

/**
 * /blog: ?tag= keeps the posts with that tag, ?page= pages them, ten a page. A malformed page or
 * tag, a page past the last or a tag no post has is the 404 page.
 */
export async function loadBlogList(
  request: Request,
  context: Pick<PageContext, "publishDir">,
): Promise<BlogListData> {
  const params = new URL(request.url).searchParams;
  const rawPage = params.get("page");
  const tag = params.get("tag");
  if (rawPage !== null && !PAGE.test(rawPage)) throw notFound();
  if (tag !== null && !BLOG_TAG.test(tag)) throw notFound();
  const all = await allEntries(context);
  const counts = new Map<string, number>();
  for (const entry of all) for (const t of entry.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  const chosen = tag === null ? all : all.filter((e) => e.tags.includes(tag));
  if (tag !== null && chosen.length === 0) throw notFound();
  const page = rawPage === null ? 1 : Number(rawPage);
  const pages = Math.max(1, Math.ceil(chosen.length / POSTS_PER_PAGE));
  if (page > pages) throw notFound();
  const start = (page - 1) * POSTS_PER_PAGE;
  return {
    entries: chosen.slice(start, start + POSTS_PER_PAGE),
    page,
    pages,
    tag,
    tags: [...counts]
      .map(([t, count]) => ({ tag: t, count }))
      .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag)),
  };
}

const neighbour = (entry: BlogEntry | undefined): Neighbour | null =>
  entry === undefined ? null : { slug: entry.slug, title: entry.title };

/** /blog/{slug}: a post, or a data report read from its published file; anything else is the 404 page. */
export async function loadBlogPost(
  slug: string,
  context: Pick<PageContext, "publishDir" | "db">,
): Promise<BlogPostData> {
  const all = await allEntries(context);
  const at = all.findIndex((e) => e.slug === slug);
  const entry = all[at];
  if (entry === undefined) throw notFound();
  const around = { newer: neighbour(all[at - 1]), older: neighbour(all[at + 1]) };
  if (entry.kind === "post") {
    const post = renderedPosts().find((p) => p.slug === slug);
    if (post === undefined) throw notFound();
    return { kind: "post", post, ...around };
  }
  const reports = await readPublishedJson(context.publishDir, REPORT_INDEX_PATH, reportIndexSchema);
  const month = reports?.find((r) => r.slug === slug)?.month;
  const report =
    month === undefined
      ? null
      : await readPublishedJson(context.publishDir, reportPath(month), reportFileSchema);
  if (report === null) throw notFound();
  return {
    kind: "report",
    entry,
    report: withoutOptouts(report, await confirmedOptouts(context.db)),
    ...around,
  };
}

/**
 * A report without the performers who opted out since it was written: at once on the page, while
 * the file (and its charts) follow at the next publish (publishMonthlyReports). Ranks close up.
 */
export function withoutOptouts(report: ReportFile, optedOut: ReadonlySet<string>): ReportFile {
  const keep = <T extends { username: string; rank: number }>(rows: T[]) =>
    rows.filter((r) => !optedOut.has(r.username)).map((r, i) => ({ ...r, rank: i + 1 }));
  return { ...report, topPerformers: keep(report.topPerformers), risers: keep(report.risers) };
}
