import type { ClientLoaderFunctionArgs, HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { HOME } from "./page-data.ts";
import { roomsClientLoader } from "./rooms-client-loader.ts";
import { loadRoomsPage } from "./rooms-loader.server.ts";
import { RoomsPage } from "./rooms-page.tsx";
import { roomsHeaders, roomsLinks, roomsRouteMeta } from "./route-parts.ts";

/** `/` (SPEC §2): every room online, in the visitor's genders; ?page and ?audit. */
export const links: LinksFunction = roomsLinks;
export const headers: HeadersFunction = roomsHeaders;

export const loader = (args: PageLoaderArgs) => loadRoomsPage(args, HOME);

export const clientLoader = (args: ClientLoaderFunctionArgs) => roomsClientLoader(args, HOME);
// Run on hydration too: that is when the stored gender preference is read.
clientLoader.hydrate = true as const;

export const meta = roomsRouteMeta;

export { RoomsErrorBoundary as ErrorBoundary } from "./rooms-error.tsx";

export default function Home() {
  return <RoomsPage data={useLoaderData<typeof clientLoader>()} />;
}
