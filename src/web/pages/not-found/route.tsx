import { data } from "react-router";
import { NotFound } from "../../components/not-found.tsx";
import { errorMeta, type PageMetaFunction } from "../../lib/seo.ts";

/**
 * Any address no other route takes: the 404 page, with status 404, inside the whole shell (the root
 * loader has run, so the platform's name and the header's settings are there).
 */
export function loader(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export const meta: PageMetaFunction = ({ error }) => errorMeta(error);

/**
 * The 404 is caught here rather than by the root's ErrorBoundary: React Router remounts the root
 * Layout, header included, when it switches between the root's component and its ErrorBoundary,
 * which would drop the search box's focus and text as a visitor searches away from a 404 page.
 */
export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

// A route without a component would be a resource route, sending the thrown 404 bare; this one
// never renders, since the loader always throws.
export default function NotFoundRoute() {
  return <NotFound />;
}
