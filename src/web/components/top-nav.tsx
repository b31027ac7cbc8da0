import { useLocation } from "react-router";
import { TOP_NAV } from "../lib/navigation.ts";

/**
 * The top navigation: plain links, navigated in place by the header's click handler
 * (useInAppLinks), the current one marked as NavLink would: its own page, or one below it.
 */
export function TopNav() {
  const pathname = useLocation().pathname.toLowerCase();
  return (
    <nav className="top-nav" aria-label="Main">
      <ul className="top-nav__list">
        {TOP_NAV.map((link) => {
          // /top is also the start of the other rankings: only its own page marks it current.
          const current = pathname === link.to || (link.to !== "/top" && pathname.startsWith(`${link.to}/`));
          return (
            <li key={link.to}>
              <a
                href={link.to}
                className={current ? "top-nav__link active" : "top-nav__link"}
                aria-current={current ? "page" : undefined}
              >
                {link.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
