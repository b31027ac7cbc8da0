import type { ClientLoaderFunctionArgs, HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { ageIdentity } from "./page-data.ts";
import { roomsClientLoader } from "./rooms-client-loader.ts";
import { loadRoomsPage } from "./rooms-loader.server.ts";
import { RoomsPage } from "./rooms-page.tsx";
import { roomsHeaders, roomsLinks, roomsRouteMeta } from "./route-parts.ts";

/**
 * The age pages (SPEC §2: /teen-cams, /18to21-cams, /20to30-cams, /30to50-cams, /mature-cams):
 * the home page's list, with a link to the platform's section of the same name. The feed knows no
 * ages to filter by, so the list is everyone online; the platform's section is where ages sort.
 */
export const links: LinksFunction = roomsLinks;
export const headers: HeadersFunction = roomsHeaders;

export const loader = (args: PageLoaderArgs) =>
  loadRoomsPage(args, ageIdentity(new URL(args.request.url).pathname));

export const clientLoader = (args: ClientLoaderFunctionArgs) =>
  roomsClientLoader(args, ageIdentity(new URL(args.request.url).pathname));
clientLoader.hydrate = true as const;

export const meta = roomsRouteMeta;

export { RoomsErrorBoundary as ErrorBoundary } from "./rooms-error.tsx";

export default function AgeCams() {
  return <RoomsPage data={useLoaderData<typeof clientLoader>()} />;
}
