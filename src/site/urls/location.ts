import { isFileSegment, RANKING_GENDERS, type RankingGender } from "../../stats/rankings/vocabulary.ts";

/**
 * A location page's address: /location/{location}[/{gender}]. The page is a ranking (the location's
 * most followed and most popular, read from ranking files), so its gender words are the rankings'
 * (SPEC §3: "ranking pages use women and men"), as in /top/followers/women.
 */
export function locationPath(location: string, gender: RankingGender): string {
  const base = `/location/${encodeURIComponent(location)}`;
  return gender === "all" ? base : `${base}/${gender}`;
}

const OTHER_SPELLINGS: Readonly<Record<string, RankingGender>> = { female: "women", male: "men" };

/**
 * The segments of /location/{location}[/{gender}]: the location and gender, a redirect to the
 * page's own address for another spelling (`all`, the page-level `female` and `male`, capitals), or
 * null for a location that cannot name a file or an unknown gender (a 404).
 */
export function readLocationAddress(
  locationSegment: string | undefined,
  genderSegment: string | undefined,
): { location: string; gender: RankingGender } | { redirect: string } | null {
  if (locationSegment === undefined) return null;
  const location = locationSegment.toLowerCase();
  if (!isFileSegment(location)) return null;
  let gender: RankingGender = "all";
  let canonical = location === locationSegment;
  if (genderSegment !== undefined) {
    const word = genderSegment.toLowerCase();
    const read = (RANKING_GENDERS as readonly string[]).includes(word)
      ? (word as RankingGender)
      : OTHER_SPELLINGS[word];
    if (read === undefined) return null;
    gender = read;
    canonical &&= word === genderSegment && read === word && read !== "all";
  }
  return canonical ? { location, gender } : { redirect: locationPath(location, gender) };
}
