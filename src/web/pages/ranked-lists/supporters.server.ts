import type { PageContext } from "../../../page-context.ts";
import { supportersPath } from "../../../publish/paths.ts";
import { supporterFileSchema } from "../../../publish/ranking-schemas.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import { isCrawler } from "../../../site/crawler.ts";
import { parseSupporterSegments, splatSegments, supporterListPath } from "../../../site/urls/ranked-lists.ts";
import { SUPPORTER_ORDERS, type SupporterOrder } from "../../../stats/rankings/vocabulary.ts";
import { publishedPlace } from "../../lib/daily-viewers/place.server.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import type { RankedListData } from "../../lib/ranked-lists/page-data.ts";
import { imageHostOf, pagedRows, requestedPage } from "../../lib/ranked-lists/ranked-page.server.ts";
import { fromSupporterEntry } from "../../lib/ranked-lists/table-rows.ts";
import { pageSuffix, supportersDescription, supportersHeading } from "./titles.ts";

/** The order tabs' words and the score column's heading per order. */
export const SUPPORTER_ORDER_LABELS: Record<SupporterOrder, string> = {
  gained: "New followers",
  "per-hour": "Per hour online",
};

/**
 * The supporter ranking (SPEC §2: /top/supporters[/{order}[/{date}]]): the performers who won the
 * most new followers on a day (a performer's supporters are their followers), in the order
 * `gained` (the default) or `per-hour` online. An unknown order, a day without the file, a page
 * past the last or an unreadable address is a 404.
 */
export async function loadSupporters(
  request: Request,
  splat: string | undefined,
  context: PageContext,
  now: number = Date.now(),
): Promise<RankedListData> {
  const view = parseSupporterSegments(splatSegments(splat));
  if (view === null) throw notFound();
  const page = requestedPage(request);
  const place = await publishedPlace(context.publishDir, view.date, now);
  const all = await readPublishedJson(
    context.publishDir,
    supportersPath(place.day, view.order),
    supporterFileSchema,
  );
  if (all === null) throw notFound();

  const pathOf = (day: string, order = view.order) => supporterListPath({ order, day }, place.latest);
  const listPath = pathOf(place.day);
  const crawler = isCrawler(request);
  const paged = await pagedRows(
    all,
    page,
    listPath,
    context,
    crawler,
    (row, liveOf) => fromSupporterEntry(row, view.order, liveOf),
    now,
  );
  const titled = { order: view.order, day: place.day, isLeadingEdge: view.date === null };
  const platform = context.config.PLATFORM_NAME;
  return {
    family: "supporters",
    heading: `${supportersHeading(titled, platform)}${pageSuffix(page)}`,
    description: supportersDescription(titled, platform),
    listPath,
    path: paged.path,
    page,
    pageCount: paged.pageCount,
    total: paged.total,
    gender: "all",
    tag: null,
    mode: "followers",
    scoreLabel: SUPPORTER_ORDER_LABELS[view.order],
    rows: paged.rows,
    genderTabs: null,
    orderTabs: SUPPORTER_ORDERS.map((order) => ({
      order,
      label: SUPPORTER_ORDER_LABELS[order],
      path: pathOf(place.day, order),
      current: order === view.order,
    })),
    // Prev and Next keep the order.
    day: {
      day: place.day,
      prevPath: place.prev === null ? null : pathOf(place.prev),
      nextPath: place.next === null ? null : pathOf(place.next),
    },
    period: null,
    noYearData: null,
    crawler,
    imageHost: imageHostOf(context),
  };
}
