/**
 * Performer badges (SPEC §9), each the highest step a figure reaches. One table each, so the
 * steps are written once (docs/formulas.md).
 */

/** Viewer badges by max viewers: under 100 is the first; each other name from its threshold on. */
export const VIEWER_BADGES: ReadonlyArray<{ from: number; name: string }> = [
  { from: 0, name: "Ethereal Ghost" },
  { from: 100, name: "Hidden Gem" },
  { from: 500, name: "Rising Star" },
  { from: 1_000, name: "Paparazzi" },
  { from: 2_000, name: "Big League" },
  { from: 5_000, name: "Unicorn" },
  { from: 10_000, name: "The Establishment" },
  { from: 15_000, name: "Mountain Top" },
  { from: 20_000, name: "Royal" },
];

export function viewerBadge(maxViewers: number): string {
  let name = VIEWER_BADGES[0]?.name ?? "";
  for (const badge of VIEWER_BADGES) if (maxViewers >= badge.from) name = badge.name;
  return name;
}

/** Rank badges: Top 1, 2, 3, 10, 50, 100, 500, 1000, 5000. */
export const RANK_BADGES: readonly number[] = [1, 2, 3, 10, 50, 100, 500, 1_000, 5_000];

/** The best rank badge a rank earns ('Top 10' for rank 4), or null beyond the last (5000). */
export function rankBadge(rank: number): string | null {
  if (!Number.isInteger(rank) || rank < 1) return null;
  const top = RANK_BADGES.find((limit) => rank <= limit);
  return top === undefined ? null : `Top ${top}`;
}
