import { MILESTONES } from "../../../rules/formulas/milestones.ts";

export interface MilestoneProgress {
  /** Every viewer milestone reached, ascending, with the first day a peak reached it. */
  reached: { milestone: number; day: string }[];
  /** The next milestone above the peak, or null past the last (1,000,000). */
  next: number | null;
}

/**
 * Which viewer milestones (SPEC §9: 1000 to 1,000,000) a peak of viewers has reached and which is
 * next. `firstDays` are the first days the performer's daily peak reached each milestone (from
 * performerRecords); a milestone is reached when the peak is at least it.
 */
export function milestoneProgress(
  peakViewers: number | null,
  firstDays: readonly { milestone: number; day: string }[],
): MilestoneProgress {
  const peak = peakViewers ?? 0;
  const dayOf = new Map(firstDays.map((m) => [m.milestone, m.day]));
  const reached = MILESTONES.filter((m) => m <= peak).map((milestone) => ({
    milestone,
    day: dayOf.get(milestone) ?? "",
  }));
  return { reached, next: MILESTONES.find((m) => m > peak) ?? null };
}
