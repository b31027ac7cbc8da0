import { locationName, locationSlug } from "../../../stats/rankings/locations.ts";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

let codes: Map<string, string> | null = null;

/**
 * The country code of a location slug (the inverse of locationSlug): every two-letter code the
 * runtime names, slugged the way the publisher slugs them, worked out once. A location page needs
 * it for the flag when the country had nobody on the latest day (so it is not in the counts file).
 */
export function countryOfLocation(location: string): string | null {
  if (codes === null) {
    codes = new Map();
    for (const a of LETTERS)
      for (const b of LETTERS) {
        const code = a + b;
        // A code the runtime has no name for is named by itself: no country.
        if (locationName(code) !== code) codes.set(locationSlug(code), code);
      }
  }
  return codes.get(location) ?? null;
}
