import { Link } from "react-router";

/** The 404 page's content (the root ErrorBoundary renders it inside the shell). */
export function NotFound() {
  return (
    <article className="page page--narrow">
      <h1>Page not found</h1>
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <ul className="page__actions">
        <li>
          <Link to="/search">Search performers</Link>
        </li>
        <li>
          <Link to="/top/viewers">Today's Top 100</Link>
        </li>
        <li>
          <Link to="/">The home page</Link>
        </li>
      </ul>
    </article>
  );
}
