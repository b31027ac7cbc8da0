import type { HeadersFunction, LinksFunction } from "react-router";
import cellsCss from "../../components/ranking-cells.css?url";
import tableCss from "../../components/ranking-table/ranking-table.css?url";
import type { RankedListData } from "../../lib/ranked-lists/page-data.ts";
import { errorMeta, type PageMetaFunction, pageMeta, siteOf } from "../../lib/seo.ts";
import rankedCss from "./ranked-lists.css?url";

/**
 * What the five ranked-list route modules share besides their loaders. The gender tabs, day
 * navigation and pager are styled by the root's shared controls.css.
 */
export const rankedListLinks: LinksFunction = () => [
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
