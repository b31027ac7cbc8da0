import { Link } from "react-router";

/** The supporters' order tabs: new followers that day, or per hour online. Links, so they work without scripts. */
export function OrderTabs({
  tabs,
}: {
  tabs: readonly { order: string; label: string; path: string; current: boolean }[];
}) {
  return (
    <nav className="gender-tabs" aria-label="Order">
      <ul className="gender-tabs__list">
        {tabs.map(({ order, label, path, current }) => (
          <li key={order}>
            <Link
              to={path}
              className="gender-tabs__tab"
              aria-current={current ? "page" : undefined}
              preventScrollReset
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
