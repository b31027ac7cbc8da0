import type { ClientLoaderFunctionArgs, HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData } from "react-router";
import { RoomsPage } from "../components/rooms-page.tsx";
import type { PageLoaderArgs } from "../lib/page-loader.ts";
import { roomsClientLoader } from "../lib/rooms-client-loader.ts";
import { loadRoomsPage } from "../lib/rooms-loader.server.ts";
import { tagIdentity } from "../lib/rooms-page.ts";
import { roomsHeaders, roomsLinks, roomsRouteMeta } from "../lib/rooms-route.ts";

/**
 * /tag/{tags} (SPEC §2, non-exact): the rooms carrying every one of the tags (/tag/asian,latina),
 * in the visitor's genders. Anything after the tags (/tag/asian/f) is ignored; the canonical
 * address leaves it out.
 */
export const links: LinksFunction = roomsLinks;
export const headers: HeadersFunction = roomsHeaders;

export const loader = (args: PageLoaderArgs) => loadRoomsPage(args, tagIdentity(args.params.tags));

export const clientLoader = (args: ClientLoaderFunctionArgs) =>
  roomsClientLoader(args, tagIdentity(args.params.tags));
clientLoader.hydrate = true as const;

export const meta = roomsRouteMeta;

export { RoomsErrorBoundary as ErrorBoundary } from "../components/rooms-error.tsx";

export default function Tag() {
  return <RoomsPage data={useLoaderData<typeof clientLoader>()} />;
}
