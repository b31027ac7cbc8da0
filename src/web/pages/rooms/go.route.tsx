import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { errorMeta, type PageMetaFunction } from "../../lib/seo.ts";
import { loadGo } from "./rooms-loader.server.ts";

/** /go/{user} (SPEC §2): a 302 to the performer's room (rooms-loader.server.ts). */
export function loader(args: PageLoaderArgs): Response {
  return loadGo(args);
}

export const meta: PageMetaFunction = ({ error }) => errorMeta(error);

export { RoomsErrorBoundary as ErrorBoundary } from "./rooms-error.tsx";

// Without a component the route would be a resource route, whose thrown 404 is a bare response
// rather than the 404 page; this one never renders, since the loader always answers or throws.
export default function Go() {
  return null;
}
