import flagStyles from "flag-icons/css/flag-icons.min.css?url";

/**
 * A country's flag (SPEC §3: the two-letter code of a search result or ranked row). The flags are
 * the flag-icons SVGs, bundled by the build and served from our own origin (DESIGN.md §5): no
 * third-party request. A page that shows flags adds `flagLinks()` to its `links`; the browser then
 * fetches only the flags the page uses.
 */
export const flagLinks = () => [{ rel: "stylesheet", href: flagStyles }];

const names = new Intl.DisplayNames(["en"], { type: "region" });

/** The English name of a country code, or the code itself when the runtime has no name for it. */
export function countryName(code: string): string {
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export function Flag({ country }: { country: string | null | undefined }) {
  if (!country || !/^[A-Za-z]{2}$/.test(country)) return null;
  const name = countryName(country);
  return <span className={`fi fi-${country.toLowerCase()}`} role="img" aria-label={name} title={name} />;
}
