import { RANK_BADGES, VIEWER_BADGES } from "../../rules/formulas/badges.ts";

/**
 * The trophies of the social media editor: SPEC §9's rank and viewer badges, named and stepped by
 * the badge formulas (src/rules/formulas/badges.ts), each with the slug its address and image use
 * (/socialmedia/{user}/top-10, /social/trophies/unicorn.{hash}.svg).
 */

export type TrophyKind = "rank" | "viewers";

export interface Trophy {
  slug: string;
  name: string;
  kind: TrophyKind;
  /** Rank trophies: the rank to reach or beat (Top 10: #10 or better). Viewer trophies: the peak to reach. */
  threshold: number;
}

/** "The Establishment" → "the-establishment"; "Top 10" → "top-10". */
export const trophySlug = (name: string) => name.toLowerCase().replace(/\s+/g, "-");

export const TROPHIES: readonly Trophy[] = [
  ...RANK_BADGES.map((limit) => ({
    slug: `top-${limit}`,
    name: `Top ${limit}`,
    kind: "rank" as const,
    threshold: limit,
  })),
  ...VIEWER_BADGES.map((badge) => ({
    slug: trophySlug(badge.name),
    name: badge.name,
    kind: "viewers" as const,
    threshold: badge.from,
  })),
];

const BY_SLUG = new Map(TROPHIES.map((t) => [t.slug, t]));

/** The trophy of a slug, or null for any other text (the 404 of /socialmedia/{user}/{trophy}). */
export const trophyOf = (slug: string): Trophy | null => BY_SLUG.get(slug) ?? null;

/** What a performer's trophies are judged by: their records over every day we hold. */
export interface TrophyRecords {
  /** The best daily rank among all rooms ever; null when never ranked. */
  bestRank: number | null;
  /** The highest public peak of viewers ever; null when never seen in public. */
  peakViewers: number | null;
}

/**
 * Whether the records earn a trophy. Trophies add up, as steps do: a performer who reached #4
 * earned Top 10 and every wider rank trophy, one who peaked at 5,200 earned Unicorn and every
 * viewer trophy below it. Ethereal Ghost, from 0, is every performer ever seen in public.
 */
export function isEarned(trophy: Trophy, records: TrophyRecords): boolean {
  if (trophy.kind === "rank") return records.bestRank !== null && records.bestRank <= trophy.threshold;
  return records.peakViewers !== null && records.peakViewers >= trophy.threshold;
}

/** The slugs a performer earned, in TROPHIES order. */
export const earnedSlugs = (records: TrophyRecords): string[] =>
  TROPHIES.filter((t) => isEarned(t, records)).map((t) => t.slug);

/**
 * The trophies worth showing first: the narrowest rank trophy and the highest viewer trophy earned
 * (what the badges on the performer page say), at most one of each.
 */
export function bestSlugs(records: TrophyRecords): string[] {
  const earned = TROPHIES.filter((t) => isEarned(t, records));
  const rank = earned.find((t) => t.kind === "rank");
  const viewers = earned.filter((t) => t.kind === "viewers").at(-1);
  return [rank, viewers].filter((t): t is Trophy => t !== undefined).map((t) => t.slug);
}
