/**
 * Milestones (SPEC §9: "Viewer milestones list 1000 to 1,000,000"), used for viewers and followers
 * alike in the celebrations file. The SPEC names only the ends; 1-2-5 steps keep them evenly spaced
 * on the log scale the figures live on (docs/formulas.md).
 */
export const MILESTONES: readonly number[] = [
  1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000,
];

/**
 * The milestones crossed going from `previous` to `current`, ascending: each one above the previous
 * value and at most the current one. A performer never seen before (previous null) celebrates only
 * the highest milestone reached, so someone first seen with 30,000 followers gets 20,000 once
 * rather than six celebrations for a climb we never saw. No current value crosses nothing.
 */
export function milestonesCrossed(previous: number | null, current: number | null): number[] {
  if (current === null) return [];
  if (previous === null) {
    const reached = MILESTONES.filter((m) => m <= current);
    return reached.length === 0 ? [] : [reached[reached.length - 1] as number];
  }
  return MILESTONES.filter((m) => m > previous && m <= current);
}
