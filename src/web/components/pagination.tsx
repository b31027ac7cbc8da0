import { Link } from "react-router";
import { pageHref, pageItems } from "../lib/pagination.ts";

interface PaginationProps {
  /** The list's own path; pages are ?page={n} on it. */
  path: string;
  current: number;
  total: number;
  /** Other parameters every page keeps (audit, say). */
  keep?: URLSearchParams;
  label?: string;
}

/** The pager (SPEC §2): see lib/pagination.ts for which pages it offers. Nothing for a single page. */
export function Pagination({ path, current, total, keep, label = "Pages" }: PaginationProps) {
  const items = pageItems(current, total);
  if (items.length === 0) return null;
  const href = (page: number) => pageHref(path, page, keep);
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        <li>
          {current > 1 ? (
            <Link className="pagination__step" to={href(current - 1)} rel="prev">
              Previous
            </Link>
          ) : (
            <span className="pagination__step pagination__step--off">Previous</span>
          )}
        </li>
        {items.map((item) =>
          item.kind === "gap" ? (
            <li key={`gap-${item.after}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              {item.current ? (
                <span className="pagination__page pagination__page--current" aria-current="page">
                  <span className="sr-only">Page </span>
                  {item.page}
                </span>
              ) : (
                <Link className="pagination__page" to={href(item.page)}>
                  <span className="sr-only">Page </span>
                  {item.page}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {current < total ? (
            <Link className="pagination__step" to={href(current + 1)} rel="next">
              Next
            </Link>
          ) : (
            <span className="pagination__step pagination__step--off">Next</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
