import type { Db } from "../../db/connect.ts";
import { countSitemapLists, sitemapListsPage } from "../../db/queries/sitemap-lists.ts";
import { countSitemapPerformers, sitemapPerformersPage } from "../../db/queries/sitemap-performers.ts";
import type { StorageOrDir } from "../../storage/storage.ts";
import { readPublishedSources } from "./published-sources.ts";
import { sitePages } from "./site-pages.ts";
import { chunk, MAX_URLS_PER_SITEMAP, type SitemapEntry, sitemapIndexXml, urlsetXml } from "./sitemap-xml.ts";

/** What the sitemaps are built from. */
export interface SitemapSources {
  db: Db;
  publishDir: StorageOrDir;
  /** PLATFORM_SLUG: the first segment of /{platform}_wrapped/… and /{platform}-tokens. */
  platformSlug: string;
  now: () => number;
}

/** The child sitemaps' paths: pages (static, rankings, tags) and performers, numbered from 1. */
export const pagesSitemapPath = (n: number) => `/sitemap-pages-${n}.xml`;
export const performersSitemapPath = (n: number) => `/sitemap-performers-${n}.xml`;
/** The public lists' pages (/lists/{listId}), 50,000 a sitemap. */
export const listsSitemapPath = (n: number) => `/sitemap-lists-${n}.xml`;

/**
 * First segments of the site's own pages (SPEC §2's route table) and of the server's paths: a
 * performer with one of these names cannot have /{username} (the page of that name answers
 * there), so the sitemap does not send crawlers to it as the performer's.
 */
const SITE_SEGMENTS = [
  "about",
  "privacy",
  "settings",
  "logout",
  "search",
  "lists",
  "mylists",
  "celebrations",
  "traffic",
  "resources",
  "popular",
  "top",
  "map",
  "tipmenu",
  "namepicker",
  "bingo-card-creator",
  "location",
  "blog",
  "social-media-buttons",
  "socialmedia",
  "schedule",
  "model",
  "go",
  "claim",
  "optout",
  "tag",
  "logos",
  "race",
  "4k",
  "1080p",
  "female-cams",
  "male-cams",
  "teen-cams",
  "18to21-cams",
  "20to30-cams",
  "30to50-cams",
  "mature-cams",
  "performerbadges",
  "monthly_summary",
  "api",
  "v1",
  "stats",
  "assets",
  "images",
  "robots.txt",
  "sitemap.xml",
];

export function isSitePageName(username: string, platformSlug: string): boolean {
  const name = username.toLowerCase();
  return (
    SITE_SEGMENTS.includes(name) ||
    name === `${platformSlug}_wrapped` ||
    name === `${platformSlug}-tokens` ||
    /^sitemap-(pages|performers|lists)-\d+\.xml$/.test(name)
  );
}

async function pageEntries(sources: SitemapSources, origin: string): Promise<SitemapEntry[]> {
  const published = await readPublishedSources(sources.publishDir, sources.now());
  // The token page's address holds the slug, which is configuration (src/web/pages/performer/).
  const tokens = { path: `/${sources.platformSlug}-tokens`, lastmod: null };
  return [...sitePages(published), tokens].map((page) => ({
    loc: `${origin}${page.path}`,
    lastmod: page.lastmod,
  }));
}

/** /sitemap.xml: the index of every child sitemap. */
export async function sitemapIndexDocument(sources: SitemapSources, origin: string): Promise<string> {
  const [pages, performers, lists] = await Promise.all([
    pageEntries(sources, origin),
    countSitemapPerformers(sources.db),
    countSitemapLists(sources.db),
  ]);
  const children: SitemapEntry[] = [];
  const pageSitemaps = Math.max(1, Math.ceil(pages.length / MAX_URLS_PER_SITEMAP));
  for (let n = 1; n <= pageSitemaps; n++) children.push({ loc: `${origin}${pagesSitemapPath(n)}` });
  const performerSitemaps = Math.ceil(performers / MAX_URLS_PER_SITEMAP);
  for (let n = 1; n <= performerSitemaps; n++) children.push({ loc: `${origin}${performersSitemapPath(n)}` });
  const listSitemaps = Math.ceil(lists / MAX_URLS_PER_SITEMAP);
  for (let n = 1; n <= listSitemaps; n++) children.push({ loc: `${origin}${listsSitemapPath(n)}` });
  return sitemapIndexXml(children);
}

/** /sitemap-pages-{n}.xml, or null when there is no such sitemap. */
export async function pagesSitemapDocument(
  sources: SitemapSources,
  origin: string,
  n: number,
): Promise<string | null> {
  const runs = chunk(await pageEntries(sources, origin));
  const run = runs[n - 1];
  if (run === undefined) return n === 1 ? urlsetXml([]) : null;
  return urlsetXml(run);
}

/** /sitemap-performers-{n}.xml: the n-th 50,000 performers in username order, or null past the last. */
export async function performersSitemapDocument(
  sources: SitemapSources,
  origin: string,
  n: number,
): Promise<string | null> {
  const rows = await sitemapPerformersPage(sources.db, (n - 1) * MAX_URLS_PER_SITEMAP, MAX_URLS_PER_SITEMAP);
  if (rows.length === 0) return null;
  return urlsetXml(
    rows
      .filter((row) => !isSitePageName(row.username, sources.platformSlug))
      .map((row) => ({ loc: `${origin}/${encodeURIComponent(row.username)}`, lastmod: row.lastSeenDay })),
  );
}

/** /sitemap-lists-{n}.xml: the n-th 50,000 public lists in id order, or null past the last. */
export async function listsSitemapDocument(
  sources: SitemapSources,
  origin: string,
  n: number,
): Promise<string | null> {
  const rows = await sitemapListsPage(sources.db, (n - 1) * MAX_URLS_PER_SITEMAP, MAX_URLS_PER_SITEMAP);
  if (rows.length === 0) return null;
  return urlsetXml(
    rows.map((row) => ({
      loc: `${origin}/lists/${encodeURIComponent(row.listId)}`,
      lastmod: row.updatedDay,
    })),
  );
}
