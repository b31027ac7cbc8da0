import { MILESTONES } from "./milestones.ts";

/**
 * The race to the next follower milestone (/race, docs/formulas.md "Milestone race"): who would
 * reach theirs first if each kept the past week's pace. Pure, so the page and its tests share it.
 */

export interface RaceInput {
  u: string;
  /** Followers now. */
  f: number;
  /** Follower gain over the last 7 days. */
  fg: number;
}

export interface RaceEntry {
  u: string;
  followers: number;
  weeklyGain: number;
  /** The milestone passed last (0 below the first): where the progress bar starts. */
  previousMilestone: number;
  /** The next milestone above the followers. */
  nextMilestone: number;
  /** Followers still needed: nextMilestone − followers (at least 1). */
  needed: number;
  /** needed ÷ (weekly gain ÷ 7): days to the milestone at the current pace. */
  days: number;
  /** 0 to 1: how far from the previous milestone to the next. */
  progress: number;
}

/** The smallest milestone above `followers`, or null past the last one. */
export function nextMilestone(followers: number): number | null {
  return MILESTONES.find((m) => m > followers) ?? null;
}

/**
 * One performer's place in the race, or null when there is no race to run: no gain this week
 * (fg ≤ 0 never arrives) or no milestone left above the followers.
 */
export function raceEntry(row: RaceInput): RaceEntry | null {
  if (!(row.fg > 0)) return null;
  const next = nextMilestone(row.f);
  if (next === null) return null;
  const previous = [...MILESTONES].reverse().find((m) => m <= row.f) ?? 0;
  const needed = next - row.f;
  return {
    u: row.u,
    followers: row.f,
    weeklyGain: row.fg,
    previousMilestone: previous,
    nextMilestone: next,
    needed,
    days: needed / (row.fg / 7),
    progress: (row.f - previous) / (next - previous),
  };
}

/** How many runners the race shows. */
export const RACE_SIZE = 50;

/**
 * The race: every row with a weekly gain and a milestone ahead, the closest finish (fewest
 * estimated days) first; ties by fewer followers needed, then by name, so the order is stable.
 */
export function milestoneRace(rows: readonly RaceInput[], size = RACE_SIZE): RaceEntry[] {
  return rows
    .map(raceEntry)
    .filter((entry): entry is RaceEntry => entry !== null)
    .sort((a, b) => a.days - b.days || a.needed - b.needed || (a.u < b.u ? -1 : a.u > b.u ? 1 : 0))
    .slice(0, size);
}

/**
 * The estimate in words: "under a day" below one day, otherwise "about N days" with N rounded
 * up (a milestone 2.1 days away is not reached in 2), "about 1 day" singular.
 */
export function estimateText(days: number): string {
  if (days < 1) return "under a day";
  const whole = Math.ceil(days);
  return whole === 1 ? "about 1 day" : `about ${new Intl.NumberFormat("en-US").format(whole)} days`;
}
