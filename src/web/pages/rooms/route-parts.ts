import type { HeadersFunction, LinksFunction } from "react-router";
import { SERVER_CACHE_HEADER } from "../../../site/server-cache-header.ts";
import { flagLinks } from "../../components/flag.tsx";
import { errorMeta, type PageMetaFunction, siteOf } from "../../lib/seo.ts";
import type { RoomsPageData } from "./page-data.ts";
import roomsCss from "./rooms.css?url";
import { roomsMeta } from "./rooms-copy.ts";

/**
 * What every live-room route module shares besides its loaders. The lists are live (the proxy
 * keeps them 30 s) and depend on the visitor's country (thumbnails), so only the visitor's own
 * browser may keep a page, and no longer than the proxy would.
 */
export const ROOMS_CACHE = "private, max-age=30";

/** The room cards' styles, and the flags of their countries (served from our own origin). */
export const roomsLinks: LinksFunction = () => [{ rel: "stylesheet", href: roomsCss }, ...flagLinks()];

/**
 * The loader may say otherwise (a 503 is not kept at all). The server's page cache may keep a
 * page as long as the proxy keeps its rooms: it keys on the visitor's age-verification decision.
 */
export const roomsHeaders: HeadersFunction = ({ loaderHeaders }): Record<string, string> => {
  const own = loaderHeaders.get("cache-control");
  return own === null
    ? { "cache-control": ROOMS_CACHE, [SERVER_CACHE_HEADER]: "max-age=30" }
    : { "cache-control": own };
};

/** Title, description and canonical from the page's data; an error page's own (404: noindex). */
export const roomsRouteMeta: PageMetaFunction<() => Promise<RoomsPageData>> = ({ error, matches, data }) =>
  error ? errorMeta(error) : roomsMeta(siteOf(matches), data);
