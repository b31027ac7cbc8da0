import type { ClientLoaderFunctionArgs, HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { tagIdentity } from "./page-data.ts";
import { roomsClientLoader } from "./rooms-client-loader.ts";
import { loadRoomsPage } from "./rooms-loader.server.ts";
import { RoomsPage } from "./rooms-page.tsx";
import { roomsHeaders, roomsLinks, roomsRouteMeta } from "./route-parts.ts";

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

export { RoomsErrorBoundary as ErrorBoundary } from "./rooms-error.tsx";

export default function Tag() {
  return <RoomsPage data={useLoaderData<typeof clientLoader>()} />;
}
