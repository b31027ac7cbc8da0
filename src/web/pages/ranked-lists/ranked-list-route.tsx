import { useLoaderData, useRouteError, useRouteLoaderData } from "react-router";
import { ErrorPage } from "../../components/error-page.tsx";
import type { RankedListData } from "../../lib/ranked-lists/page-data.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { RankedListPage } from "./ranked-list-page.tsx";

/** A ranked-list route's page: its loader's data in the shared layout. */
export function RankedListRoute() {
  // Every ranked-list route's loader gives RankedListData (src/web/lib/ranked-lists/*.server.ts).
  const data = useLoaderData<() => Promise<RankedListData>>();
  const platformName = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <RankedListPage data={data} platformName={platformName} />;
}

/** An unknown tag, day, order or page, or an unreadable address: the 404 page, status 404. */
export function RankedListErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
