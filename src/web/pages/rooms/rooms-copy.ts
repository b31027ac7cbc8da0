import type { MetaDescriptor } from "react-router";
import type { SiteSettings } from "../../../site/site-settings.ts";
import { pageMeta, titled } from "../../lib/seo.ts";
import { AGE_PAGES, GENDER_PAGES, type RoomsPageData, type RoomsPageIdentity } from "./page-data.ts";

/** The words of the live-room pages: headings, titles and descriptions, one place for all five kinds. */

const hashtags = (tags: readonly string[]) => tags.map((t) => `#${t}`).join(" ");

/** The page's heading, which its title repeats. */
export function roomsHeading(page: RoomsPageIdentity, platform: string): string {
  switch (page.kind) {
    case "home":
      return `Live cams on ${platform} now`;
    case "tag":
      return `${hashtags(page.tags)} live cams on ${platform}`;
    case "gender":
      return `${GENDER_PAGES[page.path]?.label ?? "Live"} live cams on ${platform}`;
    case "age":
      return `${page.ageSection ? AGE_PAGES[page.ageSection].heading : "Live cams"} on ${platform}`;
    case "hd":
      return page.hd === "4k" ? `4K live cams on ${platform}` : `1080p HD live cams on ${platform}`;
  }
}

/** One line under the heading: what the list is. */
export function roomsLead(page: RoomsPageIdentity): string {
  switch (page.kind) {
    case "home":
      return "Every room online right now, as the platform lists them (most watched first), with its live preview, viewers and subject.";
    case "tag":
      return page.tags.length > 1
        ? `Rooms online right now tagged with all of ${hashtags(page.tags)}.`
        : `Rooms online right now tagged ${hashtags(page.tags)}.`;
    case "gender":
      return `${GENDER_PAGES[page.path]?.label ?? "All"} performers online right now, most watched first.`;
    case "age":
      return "Everyone online right now, as on the home page; the platform's own section sorts performers by age.";
    case "hd":
      return page.hd === "4k"
        ? "The platform's feed marks rooms HD without telling 4K apart from 1080p, so this is every HD room online right now, most watched first: the same list as the 1080p page."
        : "Rooms online right now that the platform marks HD (1080p or better), most watched first.";
  }
}

export function roomsDescription(page: RoomsPageIdentity, platform: string): string {
  const detail = "live previews, viewer counts, room subjects and tags, updated every minute";
  switch (page.kind) {
    case "home":
      return `Who is live on ${platform} right now: every online room with ${detail}.`;
    case "tag":
      return `${hashtags(page.tags)} rooms live on ${platform} right now, with ${detail}.`;
    case "gender":
      return `${GENDER_PAGES[page.path]?.label ?? "All"} performers live on ${platform} right now, with ${detail}.`;
    case "hd":
      return `${page.hd === "4k" ? "4K and HD" : "1080p HD"} rooms live on ${platform} right now, with ${detail}.`;
    case "age": {
      const age = page.ageSection ? AGE_PAGES[page.ageSection] : undefined;
      return `${age?.heading ?? "Live cams"} on ${platform}: the way to the platform's ${age?.label ?? "age"} section, and everyone online now with ${detail}.`;
    }
  }
}

/**
 * Title, description and canonical address: page 1 is the list's own path, later pages keep their
 * ?page= (each is a different list). The audit view is for us, not for search engines.
 */
export function roomsMeta(site: SiteSettings | undefined, data: RoomsPageData | undefined): MetaDescriptor[] {
  if (!data) return [{ title: titled("Live cams") }];
  const platform = site?.platformName ?? "the platform";
  const suffix = data.page > 1 ? ` (page ${data.page})` : "";
  const meta = pageMeta(site, {
    title: titled(`${roomsHeading(data, platform)}${suffix}`),
    description: roomsDescription(data, platform),
    path:
      data.page > 1
        ? `${data.canonicalPath ?? data.path}?page=${data.page}`
        : (data.canonicalPath ?? data.path),
  });
  return data.audit ? [...meta, { name: "robots", content: "noindex" }] : meta;
}
