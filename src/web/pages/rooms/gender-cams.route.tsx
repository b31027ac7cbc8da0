import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { genderIdentity } from "./page-data.ts";
import { loadRoomsPage } from "./rooms-loader.server.ts";
import { RoomsPage } from "./rooms-page.tsx";
import { roomsHeaders, roomsLinks, roomsRouteMeta } from "./route-parts.ts";

/**
 * /female-cams and /male-cams (SPEC §2): that gender only, whatever the visitor's preference, so
 * the server's list is the list: no client loader, no toggles.
 */
export const links: LinksFunction = roomsLinks;
export const headers: HeadersFunction = roomsHeaders;

export const loader = (args: PageLoaderArgs) =>
  loadRoomsPage(args, genderIdentity(new URL(args.request.url).pathname));

export const meta = roomsRouteMeta;

export { RoomsErrorBoundary as ErrorBoundary } from "./rooms-error.tsx";

export default function GenderCams() {
  return <RoomsPage data={useLoaderData<typeof loader>()} />;
}
