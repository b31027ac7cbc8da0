import { redirect } from "react-router";
import { isUsername, roomLink } from "../../../online-rooms/links.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { errorMeta, type PageMetaFunction } from "../../lib/seo.ts";
import { notFound } from "./rooms-loader.server.ts";

/**
 * /go/{user} (SPEC §2): a 302 to the performer's room on the platform with our campaign; the name
 * is lowercased as the platform's usernames are. A name that cannot be a username is the 404 page.
 */
export function loader({ params, context }: PageLoaderArgs): Response {
  const user = (params.user ?? "").trim().toLowerCase();
  if (!isUsername(user)) notFound();
  return redirect(roomLink(context.affiliate, user), {
    status: 302,
    // The room is where it is for everyone, but the campaign may change with a deploy.
    headers: { "cache-control": "public, max-age=300" },
  });
}

export const meta: PageMetaFunction = ({ error }) => errorMeta(error);

export { RoomsErrorBoundary as ErrorBoundary } from "./rooms-error.tsx";

// Without a component the route would be a resource route, whose thrown 404 is a bare response
// rather than the 404 page; this one never renders, since the loader always answers or throws.
export default function Go() {
  return null;
}
