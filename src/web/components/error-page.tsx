import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFound } from "./not-found.tsx";

/**
 * What the root ErrorBoundary shows inside the shell: the 404 page for a page that does not exist,
 * otherwise a short apology. The error's details stay in the server's log, not on the page.
 */
export function ErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 503 && error.statusText === "Not Published Yet") {
    const heading = (error.data as { heading?: unknown } | null)?.heading;
    return (
      <article className="page page--narrow">
        <h1>{typeof heading === "string" ? heading : "The first rankings are on their way"}</h1>
        <p>
          These figures are worked out from the history collected so far, once a day. The first days are being
          rolled up right now: try again in a few minutes.
        </p>
      </article>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <article className="page page--narrow">
      <h1>Something went wrong</h1>
      <p>
        This page could not be shown (error {status}). Try again in a moment; if it keeps happening, the rest
        of the site still works.
      </p>
    </article>
  );
}

/** A page's ErrorBoundary (each route module exports it as its own): the error page for its error. */
export function RouteErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
