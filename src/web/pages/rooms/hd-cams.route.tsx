import type { ClientLoaderFunctionArgs, HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { hdIdentity } from "./page-data.ts";
import { roomsClientLoader } from "./rooms-client-loader.ts";
import { loadRoomsPage } from "./rooms-loader.server.ts";
import { RoomsPage } from "./rooms-page.tsx";
import { roomsHeaders, roomsLinks, roomsRouteMeta } from "./route-parts.ts";

/**
 * /1080p and /4k (SPEC §2 "further pages"): the rooms online now that the feed marks HD (hd=true,
 * its only quality flag), in the visitor's genders, with the pager. The feed cannot tell 4K from
 * 1080p, so /4k lists the same rooms, says so, and names /1080p its canonical address.
 */
export const links: LinksFunction = roomsLinks;
export const headers: HeadersFunction = roomsHeaders;

export const loader = (args: PageLoaderArgs) =>
  loadRoomsPage(args, hdIdentity(new URL(args.request.url).pathname));

export const clientLoader = (args: ClientLoaderFunctionArgs) =>
  roomsClientLoader(args, hdIdentity(new URL(args.request.url).pathname));
// Run on hydration too: that is when the stored gender preference is read.
clientLoader.hydrate = true as const;

export const meta = roomsRouteMeta;

export { RoomsErrorBoundary as ErrorBoundary } from "./rooms-error.tsx";

export default function HdCams() {
  return <RoomsPage data={useLoaderData<typeof clientLoader>()} />;
}
