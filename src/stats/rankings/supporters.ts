import type { DaySupporter } from "../../db/queries/day-supporters.ts";
import { followersPerHour } from "../../rules/formulas/per-hour.ts";
import { topK } from "./top-k.ts";
import type { SupporterOrder } from "./vocabulary.ts";

/** A supporter list holds a Top 100, as the daily viewer ranking. */
export const SUPPORTER_LIST_SIZE = 100;

/** A supporter ranking row: exactly the fields of supporterEntrySchema (src/publish/ranking-schemas.ts). */
export interface SupporterRow {
  u: string;
  rank: number;
  /** Rank in the same order's list of the day before, null when not in it. */
  pr: number | null;
  gained: number;
  per_hour: number;
  minutes: number;
  f: number;
  fg: number;
  t: string[];
}

type Rated = DaySupporter & { perHour: number };

const byName = (a: Rated, b: Rated) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0);

/** Each order's ties are broken the same way every time, ending with the name. */
const ORDERS: Record<SupporterOrder, (a: Rated, b: Rated) => number> = {
  gained: (a, b) => b.gained - a.gained || b.followers - a.followers || byName(a, b),
  "per-hour": (a, b) => b.perHour - a.perHour || b.gained - a.gained || byName(a, b),
};

function rated(supporters: DaySupporter[], excludedUsername: string | undefined): Rated[] {
  return supporters
    .filter((s) => s.username !== excludedUsername)
    .map((s) => ({ ...s, perHour: followersPerHour(s.gained, s.minutes) }));
}

/**
 * A day's supporter list in one order, with pr from the same order's list of the day before
 * (recomputed from that day's supporters, not read back). The excluded username enters neither.
 */
export function supporterList(
  order: SupporterOrder,
  day: DaySupporter[],
  dayBefore: DaySupporter[],
  excludedUsername: string | undefined,
): SupporterRow[] {
  const top = (list: DaySupporter[]) =>
    topK(rated(list, excludedUsername), ORDERS[order], SUPPORTER_LIST_SIZE);
  const before = new Map(top(dayBefore).map((s, i) => [s.username, i + 1]));
  return top(day).map((s, i) => ({
    u: s.username,
    rank: i + 1,
    pr: before.get(s.username) ?? null,
    gained: s.gained,
    per_hour: s.perHour,
    minutes: s.minutes,
    f: s.followers,
    fg: s.weekGain,
    t: s.tags,
  }));
}
