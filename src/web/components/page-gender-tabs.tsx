import { Link } from "react-router";

export interface PageGenderTab {
  gender: string;
  label: string;
  path: string;
}

/**
 * Gender tabs for the pages that use the page-level gender words (SPEC §3: /traffic, /map), styled
 * like the rankings' tabs (controls.css). Links, so they work without scripts; the current tab
 * does nothing when clicked.
 */
export function PageGenderTabs({ current, tabs }: { current: string; tabs: readonly PageGenderTab[] }) {
  return (
    <nav className="gender-tabs" aria-label="Gender">
      <ul className="gender-tabs__list">
        {tabs.map(({ gender, label, path }) => {
          const selected = gender === current;
          return (
            <li key={gender}>
              <Link
                to={path}
                className="gender-tabs__tab"
                aria-current={selected ? "page" : undefined}
                preventScrollReset
                onClick={selected ? (event) => event.preventDefault() : undefined}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
