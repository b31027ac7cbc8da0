import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * One click handler for a block of plain `<a href>` links to the site's own pages: a click that
 * would open the page here (left button, no modifier key, no target or download) navigates in
 * place, as React Router's `<Link>` does, and any other click (a new tab, a download) is the
 * browser's. Why not `<Link>`: each one resolves its address with several hooks on every render,
 * and the footer's 30-odd links cost 13 % of a small page's server render (BENCHMARKS.md, issue 6).
 * Without scripts, or before hydration, the links are ordinary links.
 */
export function useInAppLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const anchor = (event.target as Element).closest("a");
    if (!anchor || !event.currentTarget.contains(anchor)) return;
    if (anchor.target !== "" || anchor.hasAttribute("download")) return;
    if (anchor.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`);
  };
}
