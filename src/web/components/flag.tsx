import flagStyles from "flag-icons/css/flag-icons.min.css?url";

/**
 * A country's flag (SPEC §3: the two-letter code of a search result or ranked row). The flags are
 * the flag-icons SVGs, bundled by the build and served from our own origin (DESIGN.md §5): no
 * third-party request. A page that shows flags adds `flagLinks()` to its `links`; the browser then
 * fetches only the flags the page uses.
 */
export const flagLinks = () => [{ rel: "stylesheet", href: flagStyles }];

const names = new Intl.DisplayNames(["en"], { type: "region" });

/**
 * Names already looked up, by code as given: Intl.DisplayNames.of showed in the search page's
 * profile (a flag on each of 50 cards), and there are only so many countries (the cap keeps odd
 * codes from a profile from growing it without end).
 */
const known = new Map<string, string>();
const KNOWN_MAX = 1000;

/** The English name of a country code, or the code itself when the runtime has no name for it. */
export function countryName(code: string): string {
  let name = known.get(code);
  if (name === undefined) {
    try {
      name = names.of(code.toUpperCase()) ?? code;
    } catch {
      name = code;
    }
    if (known.size < KNOWN_MAX) known.set(code, name);
  }
  return name;
}

export function Flag({ country }: { country: string | null | undefined }) {
  if (!country || !/^[A-Za-z]{2}$/.test(country)) return null;
  const name = countryName(country);
  return <span className={`fi fi-${country.toLowerCase()}`} role="img" aria-label={name} title={name} />;
}
