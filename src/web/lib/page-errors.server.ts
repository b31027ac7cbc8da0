import { data } from "react-router";

/** What a loader throws for an address that names no page: the 404 page, status 404. */
export const notFound = () => data(null, { status: 404, statusText: "Not Found" });

/**
 * What a ranking page's loader throws before the daily job has published anything it reads (a
 * fresh installation's first minutes, while the history's days are rolled up): 503, "come back
 * soon", rather than a 404 that would tell a crawler the page does not exist.
 */
export const notPublishedYet = () => data(null, { status: 503, statusText: "Not Published Yet" });
