import type { RankingGender } from "./genders.ts";

/**
 * SPEC §4's cover rule: shown for a tag with all or women, or without a tag for every gender but
 * trans; hidden otherwise (trans without a tag, a tag with couples, men or trans). A cover that
 * fails to load is hidden too, by the page. The file is SPEC §7's
 * /images/top/{platform}_top_{tag or gender}.jpg, which our own server generates
 * (src/server/routes/cover-images.ts).
 */
export function coverImagePath(
  platformSlug: string,
  gender: RankingGender,
  tag: string | null,
): string | null {
  if (tag !== null) {
    return gender === "all" || gender === "women"
      ? `/images/top/${platformSlug}_top_${encodeURIComponent(tag)}.jpg`
      : null;
  }
  return gender === "trans" ? null : `/images/top/${platformSlug}_top_${gender}.jpg`;
}
