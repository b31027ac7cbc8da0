import type { RankingGender } from "../../../stats/rankings/vocabulary.ts";

/**
 * SPEC §4's cover rule: shown for a tag with all or women, or without a tag for every gender but
 * trans; hidden otherwise (trans without a tag, a tag with couples, men or trans). A cover that
 * fails to load is hidden too, by the page. The file is SPEC §7's
 * /images/top/{platform}_top_{tag or gender}.jpg, which our own server generates
 * (src/server/routes/cover-images.ts).
 */
/** The address of the cover named for a gender or a tag (SPEC §7), whether or not a page shows it. */
export function coverPath(platformSlug: string, name: string): string {
  return `/images/top/${platformSlug}_top_${encodeURIComponent(name)}.jpg`;
}

export function coverImagePath(
  platformSlug: string,
  gender: RankingGender,
  tag: string | null,
): string | null {
  if (tag !== null) {
    return gender === "all" || gender === "women" ? coverPath(platformSlug, tag) : null;
  }
  return gender === "trans" ? null : coverPath(platformSlug, gender);
}
