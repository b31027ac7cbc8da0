import { NavLink } from "react-router";
import { TOP_NAV } from "../lib/navigation.ts";

export function TopNav() {
  return (
    <nav className="top-nav" aria-label="Main">
      <ul className="top-nav__list">
        {TOP_NAV.map((link) => (
          <li key={link.to}>
            {/* /top is also the start of the other rankings: only its own page marks it current. */}
            <NavLink to={link.to} end={link.to === "/top"} className="top-nav__link">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
