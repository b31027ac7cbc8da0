/**
 * Locations are countries (the feed's ISO alpha-2 code). Their names and URL slugs come from the
 * runtime's Unicode data (Intl.DisplayNames), so no country list is kept here to go stale.
 */
const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** The English name of a country code, or the code itself when the runtime does not know it. */
export function locationName(code: string): string {
  const name = names.of(code);
  return name === undefined || name === "Unknown Region" ? code : name;
}

/** The slug of a location in file names and URLs: "CO" -> "colombia", "CI" -> "cote-d-ivoire". */
export function locationSlug(code: string): string {
  const slug = locationName(code)
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return slug === "" ? code.toLowerCase() : slug;
}
