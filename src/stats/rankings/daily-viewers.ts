import type { DayCandidate } from "../../db/queries/day-candidates.ts";
import { inRankingGender } from "./genders.ts";
import { isFileSegment, RANKING_GENDERS, type RankingGender } from "./vocabulary.ts";

/** SPEC §9: the daily ranking is a Top 100; tag frequency is the top 50. */
export const DAILY_TOP = 100;
export const TAG_FREQUENCY_TOP = 50;

/** Daily viewer ranking entry: exactly the SPEC §3 fields. */
export interface DailyViewerEntry {
  u: string;
  max_u: number;
  num_f: number;
  fg: number;
  t: string[];
  hasThumb: boolean;
}

export interface TagFrequencyEntry {
  tag: string;
  rank: number;
  count: number;
}

export interface DailyViewerList {
  gender: RankingGender;
  /** undefined: the list of every tag. */
  tag: string | undefined;
  entries: DailyViewerEntry[];
}

export interface DailyViewerRankings {
  lists: DailyViewerList[];
  tagFrequency: Record<RankingGender, TagFrequencyEntry[]>;
}

export interface DailyRankingOptions {
  excludedUsername: string | undefined;
  tagMinPerformers: number;
}

/** Most viewers first; ties by more followers, then by name, so the order never depends on input order. */
function byViewers(a: DayCandidate, b: DayCandidate): number {
  return (
    b.peakViewers - a.peakViewers ||
    b.followers - a.followers ||
    (a.username < b.username ? -1 : a.username > b.username ? 1 : 0)
  );
}

function entry(c: DayCandidate): DailyViewerEntry {
  return {
    u: c.username,
    max_u: c.peakViewers,
    num_f: c.followers,
    fg: c.weekGain,
    t: c.tags,
    hasThumb: c.hasThumb,
  };
}

/** How many of the performers use each tag, most used first (ties by tag). */
function tagCounts(performers: DayCandidate[]): TagFrequencyEntry[] {
  const counts = new Map<string, number>();
  for (const p of performers) for (const tag of p.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .map(([tag, count], i) => ({ tag, rank: i + 1, count }));
}

/**
 * Every daily viewer list of one day (SPEC §7): per ranking gender the Top 100, and per tag that
 * at least `tagMinPerformers` of that gender's performers used that day (and that can name a file)
 * the Top 100 with that tag; with the top 50 tags per gender. The excluded username enters nothing.
 */
export function dailyViewerRankings(
  candidates: DayCandidate[],
  options: DailyRankingOptions,
): DailyViewerRankings {
  const ranked = candidates.filter((c) => c.username !== options.excludedUsername).sort(byViewers);
  const lists: DailyViewerList[] = [];
  const tagFrequency = {} as Record<RankingGender, TagFrequencyEntry[]>;
  for (const gender of RANKING_GENDERS) {
    const ofGender = ranked.filter((c) => inRankingGender(c.gender, gender));
    lists.push({ gender, tag: undefined, entries: ofGender.slice(0, DAILY_TOP).map(entry) });
    const counts = tagCounts(ofGender);
    tagFrequency[gender] = counts.slice(0, TAG_FREQUENCY_TOP);
    const listed = counts.filter((c) => c.count >= options.tagMinPerformers && isFileSegment(c.tag));
    // One pass in ranking order fills every tag's Top 100 (filtering per tag would be tags x performers).
    const byTag = new Map<string, DailyViewerEntry[]>(listed.map((c) => [c.tag, []]));
    for (const c of ofGender) {
      for (const tag of c.tags) {
        const entries = byTag.get(tag);
        if (entries && entries.length < DAILY_TOP) entries.push(entry(c));
      }
    }
    for (const { tag } of listed) lists.push({ gender, tag, entries: byTag.get(tag) ?? [] });
  }
  return { lists, tagFrequency };
}
