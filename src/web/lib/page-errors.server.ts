import { data } from "react-router";

/** What a loader throws for an address that names no page: the 404 page, status 404. */
export const notFound = () => data(null, { status: 404, statusText: "Not Found" });

/** The 503 page's heading when a loader names nothing else: most such pages are rankings. */
export const FIRST_RANKINGS_HEADING = "The first rankings are on their way";

/**
 * What a page's loader throws before the daily job has published anything it reads (a fresh
 * installation's first minutes, while the history's days are rolled up): 503, "come back soon",
 * rather than a 404 that would tell a crawler the page does not exist. `heading` says what is on
 * its way, for the pages that are not rankings (traffic, the map).
 */
export const notPublishedYet = (heading: string = FIRST_RANKINGS_HEADING) =>
  data({ heading }, { status: 503, statusText: "Not Published Yet" });
