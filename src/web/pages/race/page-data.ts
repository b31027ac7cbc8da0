import type { RaceEntry } from "../../../rules/formulas/milestone-race.ts";
import type { RankingGender } from "../../../stats/rankings/vocabulary.ts";

/** The race's address for a gender: /race for every gender, /race/{gender} otherwise. */
export function racePath(gender: RankingGender): string {
  return gender === "all" ? "/race" : `/race/${gender}`;
}

/** A followers milestone reached in the celebrations file's 7 days. */
export interface Finisher {
  day: string;
  username: string;
  milestone: number;
}

/** What the race page's loader gives its component. */
export interface RaceData {
  gender: RankingGender;
  /** The day of the follower list the race is run on. */
  day: string;
  path: string;
  genderPaths: { gender: RankingGender; path: string }[];
  /** The closest finishes first, up to 50; empty when the day's list has no runner (or no file). */
  runners: RaceEntry[];
  /** Rows in the day's list (up to 500): the field the runners come from. */
  field: number;
  /** Followers milestones of the last 7 days, newest first; null without a celebrations file. */
  finishers: Finisher[] | null;
  /** The first day the celebrations file covers. */
  finishersFrom: string | null;
}
