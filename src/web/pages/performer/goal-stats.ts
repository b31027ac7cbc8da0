/**
 * The token page's week in figures: how many streams set a goal, the median goal and how goal sizes
 * spread. Pure, over what the goal parser read from the sessions' subjects.
 */

/** The size classes of the distribution table, in tokens (each from `from` up to the next). */
export const GOAL_SIZE_CLASSES: readonly { from: number; label: string }[] = [
  { from: 1, label: "under 100" },
  { from: 100, label: "100 to 249" },
  { from: 250, label: "250 to 499" },
  { from: 500, label: "500 to 999" },
  { from: 1_000, label: "1,000 to 4,999" },
  { from: 5_000, label: "5,000 or more" },
];

/** The median of sizes weighted by how many streams had each (the lower middle for an even count). */
export function weightedMedian(values: readonly { size: number; count: number }[]): number | null {
  const sorted = values.filter((v) => v.count > 0).sort((a, b) => a.size - b.size);
  const total = sorted.reduce((sum, v) => sum + v.count, 0);
  if (total === 0) return null;
  // The (total+1)/2-th value, rounded down: for 4 streams, the 2nd.
  const target = Math.floor((total + 1) / 2);
  let seen = 0;
  for (const v of sorted) {
    seen += v.count;
    if (seen >= target) return v.size;
  }
  return null;
}

export interface SizeClassCount {
  label: string;
  streams: number;
}

/** How many streams fall into each size class, every class listed (zeros included). */
export function sizeDistribution(values: readonly { size: number; count: number }[]): SizeClassCount[] {
  const counts = GOAL_SIZE_CLASSES.map((c) => ({ label: c.label, streams: 0 }));
  for (const v of values) {
    let index = -1;
    GOAL_SIZE_CLASSES.forEach((c, i) => {
      if (v.size >= c.from) index = i;
    });
    const slot = counts[index];
    if (slot) slot.streams += v.count;
  }
  return counts;
}
