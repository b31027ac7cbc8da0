import type { ReactNode } from "react";

/**
 * A table's own scroll box (issue 28): on a phone, a table that cannot narrow further scrolls
 * inside this box instead of widening the page. Focusable and named, so that a keyboard can
 * scroll it and a screen reader says what it is (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keys.
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
