import { type PageGender, readPageGender } from "../page-genders.ts";

/** /map with its gender, in the page-level words (SPEC §3): /map, /map/couples, /map/female, ... */
export function mapPath(gender: PageGender): string {
  return gender === "all" ? "/map" : `/map/${gender}`;
}

/**
 * A /map/{gender} segment: the gender shown (absent: all), a redirect for another spelling of a
 * gender (`all`, and the rankings' `women` and `men`) to the page's own address, or null (a 404).
 * Letters are matched lowercase.
 */
export function readMapGender(
  segment: string | undefined,
): { gender: PageGender } | { redirect: string } | null {
  if (segment === undefined) return { gender: "all" };
  const read = readPageGender(segment.toLowerCase());
  if (read === null) return null;
  if (!read.canonical || read.gender === "all" || segment !== segment.toLowerCase()) {
    return { redirect: mapPath(read.gender) };
  }
  return { gender: read.gender };
}
