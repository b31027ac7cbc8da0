/**
 * The blog's addresses: /blog (newest first, ?page= and ?tag=), /blog/{slug} for a post or a data
 * report, and the Atom feed. A tag is a query parameter, not a path segment, so that no tag can
 * ever be mistaken for a post's slug.
 */

export const BLOG_PATH = "/blog";
export const BLOG_FEED_PATH = "/blog/feed.xml";

/** A post's slug: lower-case words joined by single dashes. */
export const BLOG_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const blogPostPath = (slug: string) => `${BLOG_PATH}/${slug}`;

/** /blog?tag={tag} (page 1); the pager adds ?page=. */
export const blogTagPath = (tag: string) => `${BLOG_PATH}?tag=${encodeURIComponent(tag)}`;

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
] as const;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const REPORT_SLUG = /^the-platform-in-([a-z]+)-(\d{4})$/;

/** A data report's slug from its month: "2026-10" → "the-platform-in-october-2026". */
export function reportSlug(month: string): string {
  const match = MONTH.exec(month);
  if (match === null) throw new Error(`not a month: ${month}`);
  return `the-platform-in-${MONTHS[Number(match[2]) - 1]}-${match[1]}`;
}

/** The month a report's slug names ("2026-10"), or null for any other slug. */
export function reportMonthOfSlug(slug: string): string | null {
  const match = REPORT_SLUG.exec(slug);
  if (match === null) return null;
  const index = MONTHS.indexOf(match[1] as (typeof MONTHS)[number]);
  return index < 0 ? null : `${match[2]}-${String(index + 1).padStart(2, "0")}`;
}

/** "October 2026" for "2026-10". */
export function monthTitle(month: string): string {
  const match = MONTH.exec(month);
  if (match === null) throw new Error(`not a month: ${month}`);
  const name = MONTHS[Number(match[2]) - 1] ?? "";
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${match[1]}`;
}

/** A report's title: "The platform in October 2026". */
export const reportTitle = (month: string) => `The platform in ${monthTitle(month)}`;
