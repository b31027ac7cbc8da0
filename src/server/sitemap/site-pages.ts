import type { MonthlyIndex } from "../../publish/monthly-files.ts";
import type { DailyIndex } from "../../publish/ranking-schemas.ts";
import { blogPostPath } from "../../site/urls/blog.ts";
import { dailyViewerPath, isAddressableTag } from "../../site/urls/daily-viewers.ts";
import { locationPath } from "../../site/urls/location.ts";
import { popularPath } from "../../site/urls/popular.ts";
import { followerListPath, isListTag, scoreListPath } from "../../site/urls/ranked-lists.ts";
import { tagPagePath } from "../../site/urls/tag-explorer.ts";
import { isOverviewTag, tagOverviewPath } from "../../site/urls/tag-overview.ts";
import { isFileSegment, RANKING_GENDERS, type RankingGender } from "../../stats/rankings/vocabulary.ts";

/** A page for a sitemap: its path (percent-encoded) and the day its content last changed, if known. */
export interface SitemapPage {
  path: string;
  lastmod: string | null;
}

/**
 * The pages that are always there (SPEC §2's static pages, the ranking roots, the gender and age
 * pages, the search, traffic, map and the further pages). Their content changes all the time (live
 * rooms) or with the site (prose), so no lastmod. /4k is left out: its canonical address is /1080p.
 */
export const STATIC_PATHS = [
  "/",
  "/about",
  "/privacy",
  "/top",
  "/top/viewers",
  "/top/followers",
  "/top/growing",
  "/top/performers",
  "/top/2021",
  "/top/supporters",
  "/female-cams",
  "/male-cams",
  "/teen-cams",
  "/18to21-cams",
  "/20to30-cams",
  "/30to50-cams",
  "/mature-cams",
  "/search",
  "/lists",
  "/traffic",
  "/map",
  "/celebrations",
  "/performerbadges",
  "/race",
  "/1080p",
  "/logos",
  "/namepicker",
  "/tags",
  "/live-stats",
  "/camera-trends",
  "/world-locations",
  "/socialmedia",
  "/social-media-buttons",
  "/resources",
  "/bingo-card-creator",
  "/tipmenu",
  "/blog",
] as const;

/** What the ranking and tag pages are listed from: the published files (docs/published-files.md). */
export interface PublishedSources {
  /** The day /top/viewers shows without a date (src/site/shown-days.ts), and its index. */
  daily: { day: string; index: DailyIndex } | null;
  /** /stats/30days/index.json. */
  monthly: MonthlyIndex | null;
  /** The tags of /api/tags/possible_tags.json, most used first. */
  possibleTags: readonly string[];
  /** The locations of /api/location/modelCountByLocation.json (countries with performers). */
  locations: readonly string[];
  /** The tag explorer's top tags (/api/tag_explorer/tagCounts.json) and their day. */
  explorer: { day: string; tags: readonly string[] } | null;
  /** The blog's posts (content/blog) and data reports (/api/reports/index.json): slug and day. */
  blog: readonly { slug: string; date: string }[];
}

const GENDERS = RANKING_GENDERS.filter((g): g is Exclude<RankingGender, "all"> => g !== "all");

const seg = (tag: string) => encodeURIComponent(tag);

/**
 * The daily viewer ranking of the latest day, in the addresses the page itself makes (no `all`,
 * no date: SPEC §2 "the date is omitted on the latest day"; src/site/urls/daily-viewers.ts).
 */
export function dailyViewerPages(day: string, index: DailyIndex): SitemapPage[] {
  const pages: SitemapPage[] = [];
  for (const gender of RANKING_GENDERS) {
    if (gender !== "all")
      pages.push({ path: dailyViewerPath({ gender, tag: null, day }, day), lastmod: day });
    for (const tag of index.lists[gender].filter(isAddressableTag)) {
      pages.push({ path: dailyViewerPath({ gender, tag, day }, day), lastmod: day });
    }
  }
  return pages;
}

/**
 * The 30-day pages (latest editions): top monthly per gender and tag, the tag ranking overview,
 * and most followed and fastest rising per gender and per tag with a list (`tagFollowers`).
 */
export function monthlyPages(index: MonthlyIndex): SitemapPage[] {
  const lastmod = index.day;
  // The lists' own address builders and tag rules, so that every address listed is one the pages
  // make and answer (a tag spelled like a section of /top, or a date, has no page of its own).
  const followerPaths = (gender: RankingGender, tag: string | null) =>
    (["followers", "growing"] as const).map((list) =>
      followerListPath(list, { gender, tag, day: lastmod }, lastmod),
    );
  const paths: string[] = [];
  for (const gender of GENDERS) {
    paths.push(scoreListPath("performers", { gender, tag: null }), tagOverviewPath({ gender, tag: null }));
    paths.push(...followerPaths(gender, null));
  }
  for (const gender of RANKING_GENDERS) {
    for (const tag of index.lists[gender].filter(isListTag)) {
      paths.push(scoreListPath("performers", { gender, tag }));
      if (isOverviewTag(tag)) paths.push(tagOverviewPath({ gender, tag }));
    }
  }
  for (const tag of index.tagFollowers.filter(isListTag)) paths.push(...followerPaths("all", tag));
  return paths.map((path) => ({ path, lastmod }));
}

/** /popular/{tag} of the latest day: every tag with an every-gender list that day (its page's list). */
export function popularPages(day: string, index: DailyIndex): SitemapPage[] {
  return index.lists.all
    .filter(isFileSegment)
    .map((tag) => ({ path: popularPath(tag, day, day), lastmod: day }));
}

/** /location/{location} of every country with performers (the map's table links them all). */
export function locationPages(locations: readonly string[]): SitemapPage[] {
  return locations.map((location) => ({ path: locationPath(location, "all"), lastmod: null }));
}

/** /tag/{tag} for the tags in real use (the live rooms carrying it: no lastmod). */
export function tagPages(tags: readonly string[]): SitemapPage[] {
  return tags.filter(isFileSegment).map((tag) => ({ path: `/tag/${seg(tag)}`, lastmod: null }));
}

/** /tags/{tag} of the tag explorer's top tags, as of its day. */
export function explorerTagPages(explorer: { day: string; tags: readonly string[] }): SitemapPage[] {
  return explorer.tags
    .filter(isFileSegment)
    .map((tag) => ({ path: tagPagePath(tag), lastmod: explorer.day }));
}

/** /blog/{slug} of every post and data report, dated the day it was written. */
export function blogPages(entries: readonly { slug: string; date: string }[]): SitemapPage[] {
  return entries.map((e) => ({ path: blogPostPath(e.slug), lastmod: e.date }));
}

/** Every page but the performers', each once, in a stable order: static, daily, popular, 30-day, tags, explorer, locations, blog. */
export function sitePages(sources: PublishedSources): SitemapPage[] {
  const all: SitemapPage[] = [
    ...STATIC_PATHS.map((path) => ({ path, lastmod: null })),
    ...(sources.daily ? dailyViewerPages(sources.daily.day, sources.daily.index) : []),
    ...(sources.daily ? popularPages(sources.daily.day, sources.daily.index) : []),
    ...(sources.monthly ? monthlyPages(sources.monthly) : []),
    ...tagPages(sources.possibleTags),
    ...(sources.explorer ? explorerTagPages(sources.explorer) : []),
    ...locationPages(sources.locations),
    ...blogPages(sources.blog),
  ];
  const byPath = new Map<string, SitemapPage>();
  for (const page of all) if (!byPath.has(page.path)) byPath.set(page.path, page);
  return [...byPath.values()];
}
