import { isRouteErrorResponse, type MetaDescriptor, type MetaFunction } from "react-router";
import { SITE_NAME, type SiteSettings } from "../../site/site-settings.ts";
import type { loader as rootLoader } from "../root.tsx";

/** A route's meta function, which reads the site's settings from the root loader's data. */
export type PageMetaFunction<Loader = unknown> = MetaFunction<Loader, { root: typeof rootLoader }>;

/** The site's settings among a meta function's matches (the root route always matches). */
export function siteOf(matches: Parameters<PageMetaFunction>[0]["matches"]): SiteSettings | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData;
}

/** "Page | camstats": every title ends with the site's name. */
export function titled(page: string): string {
  return `${page} | ${SITE_NAME}`;
}

export interface PageMetaInput {
  title: string;
  description: string;
  /** The page's own path, without query: the canonical address. */
  path: string;
  /** Kept out of search engines' indexes (account pages, a refused input). */
  noindex?: boolean;
}

/** Title, description (also for link previews) and the canonical link of a page. */
export function pageMeta(site: SiteSettings | undefined, page: PageMetaInput): MetaDescriptor[] {
  const canonical = site ? new URL(page.path, site.origin).href : page.path;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: canonical },
    { tagName: "link", rel: "canonical", href: canonical },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** The meta of an error page: its title, and kept out of search engines' indexes. */
export function errorMeta(error: unknown): MetaDescriptor[] {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: titled(notFound ? "Page not found" : "Something went wrong") },
    { name: "robots", content: "noindex" },
  ];
}

/** An account page's headers (DESIGN.md §8): never kept by a cache; nothing personal is rendered on the server. */
export const accountPageHeaders = () => ({ "cache-control": "private, no-store" });
