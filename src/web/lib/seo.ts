import { isRouteErrorResponse, type MetaDescriptor, type MetaFunction, type Params } from "react-router";
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

/**
 * A page's meta made from its loader's data (the error page's when there is none): `describe` gets
 * the data, the site's settings and the platform's name.
 */
export function dataPageMeta<Loader>(
  describe: (
    data: NonNullable<Parameters<PageMetaFunction<Loader>>[0]["data"]>,
    site: SiteSettings | undefined,
    platform: string,
  ) => MetaDescriptor[],
): PageMetaFunction<Loader> {
  return ({ data, error, matches }) => {
    if (error || !data) return errorMeta(error);
    const site = siteOf(matches);
    return describe(data, site, site?.platformName ?? "the platform");
  };
}

/**
 * An account page's meta: kept out of search engines' indexes, its title, description and path
 * from its address's parameters.
 */
export function accountPageMeta(
  describe: (params: Params) => Omit<PageMetaInput, "noindex">,
): PageMetaFunction {
  return ({ matches, error, params }) =>
    error ? errorMeta(error) : pageMeta(siteOf(matches), { ...describe(params), noindex: true });
}

/** An account page's headers (DESIGN.md §8): never kept by a cache; nothing personal is rendered on the server. */
export const accountPageHeaders = () => ({ "cache-control": "private, no-store" });

/** A page's headers when its loader may say its own cache-control: the loader's, else `fallback`. */
export const loaderCacheControl =
  (fallback: string) =>
  ({ loaderHeaders }: { loaderHeaders: Headers }) => ({
    "cache-control": loaderHeaders.get("cache-control") ?? fallback,
  });
