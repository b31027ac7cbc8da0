import { useRouteError } from "react-router";
import { ErrorPage } from "../../components/error-page.tsx";

/**
 * A live-room address that names no list (a bad ?page, a tag outside the tag alphabet) is the 404
 * page, caught in the route rather than the root so the header (and the search box's focus) stays
 * mounted, as routes/not-found.tsx explains.
 */
export function RoomsErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
