/**
 * What of a platform about-me text is kept. The text is free input from performers, read by the
 * summaries search and later shown on pages, so it is made safe to store and to index here, once:
 * control characters (NUL, which PostgreSQL text refuses, and the rest of C0/C1, such as the \r of
 * Windows line ends) go, except newline and tab, which carry layout; surrounding whitespace goes; and
 * the length is capped so one huge profile cannot bloat the search index. What the site must hide
 * (web addresses, anchors: SPEC §5) stays: that is a display rule, decided where the text is shown.
 */
export const ABOUT_ME_MAX_CHARS = 4000;

/** Every control character (Unicode Cc) except tab and newline. */
const CONTROL = /[^\P{Cc}\t\n]/gu;

export function cleanAboutMe(raw: string): string {
  const text = raw.replace(CONTROL, "").trim();
  // Counted in code points, so the cap never splits an emoji into a lone surrogate.
  const chars = Array.from(text);
  return chars.length <= ABOUT_ME_MAX_CHARS ? text : chars.slice(0, ABOUT_ME_MAX_CHARS).join("").trimEnd();
}
