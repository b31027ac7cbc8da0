import type { ReactNode } from "react";
import { Link } from "react-router";

export interface TabLink {
  key: string | number;
  label: ReactNode;
  path: string;
  current: boolean;
}

/**
 * A row of tabs that are links (styled by controls.css, `gender-tabs`), so they work without
 * scripts; with them, a click navigates in place and keeps the scroll. `name` says what the row
 * chooses, for screen readers; `navClassName` where a page styles its row otherwise.
 * `ignoreCurrent`: a click on the current tab does nothing (SPEC §4: a switch to the same gender is
 * ignored) instead of loading the page again.
 */
export function TabLinks({
  name,
  tabs,
  navClassName = "gender-tabs",
  ignoreCurrent = false,
}: {
  name: string;
  tabs: readonly TabLink[];
  navClassName?: string;
  ignoreCurrent?: boolean;
}) {
  return (
    <nav className={navClassName} aria-label={name}>
      <ul className="gender-tabs__list">
        {tabs.map(({ key, label, path, current }) => (
          <li key={key}>
            <Link
              to={path}
              className="gender-tabs__tab"
              aria-current={current ? "page" : undefined}
              preventScrollReset
              onClick={ignoreCurrent && current ? (event) => event.preventDefault() : undefined}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
