import type { HeadersFunction, LinksFunction } from "react-router";
import dailyCss from "../../components/daily-viewers/daily-viewers.css?url";
import rankedCss from "../../components/ranked-lists/ranked-lists.css?url";
import cellsCss from "../../components/ranking-cells.css?url";
import tableCss from "../../components/ranking-table/ranking-table.css?url";
import roomsCss from "../../components/rooms.css?url";
import { errorMeta, type PageMetaFunction, pageMeta, siteOf } from "../seo.ts";
import type { RankedListData } from "./page-data.ts";

/**
 * What the five ranked-list route modules share besides their loaders. Styles: the daily page's
 * sheet for the gender tabs, day navigation and live badge, rooms.css for the pager.
 */
export const rankedListLinks: LinksFunction = () => [
  { rel: "stylesheet", href: dailyCss },
  { rel: "stylesheet", href: roomsCss },
  { rel: "stylesheet", href: cellsCss },
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: rankedCss },
];

// A day's list never changes, but who is live does, every minute (like /top/viewers).
export const rankedListHeaders: HeadersFunction = () => ({ "cache-control": "public, max-age=60" });

/** Title (the heading), description and canonical (with ?page from page 2); an error page's own. */
export const rankedListMeta: PageMetaFunction<() => Promise<RankedListData>> = ({ data, error, matches }) => {
  if (error || !data) return errorMeta(error);
  return pageMeta(siteOf(matches), { title: data.heading, description: data.description, path: data.path });
};
