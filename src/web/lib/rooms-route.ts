import type { HeadersFunction } from "react-router";
import { roomsMeta } from "./rooms-copy.ts";
import type { RoomsPageData } from "./rooms-page.ts";
import { errorMeta, type PageMetaFunction, siteOf } from "./seo.ts";

/**
 * What every live-room route module shares besides its loaders. The lists are live (the proxy
 * keeps them 30 s) and depend on the visitor's country (thumbnails), so only the visitor's own
 * browser may keep a page, and no longer than the proxy would.
 */
export const ROOMS_CACHE = "private, max-age=30";

/** The loader may say otherwise (a 503 is not kept at all). */
export const roomsHeaders: HeadersFunction = ({ loaderHeaders }) => ({
  "cache-control": loaderHeaders.get("cache-control") ?? ROOMS_CACHE,
});

/** Title, description and canonical from the page's data; an error page's own (404: noindex). */
export const roomsRouteMeta: PageMetaFunction<() => Promise<RoomsPageData>> = ({ error, matches, data }) =>
  error ? errorMeta(error) : roomsMeta(siteOf(matches), data);
