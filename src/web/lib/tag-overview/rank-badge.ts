import type { TagMapFile } from "../../../publish/tag-explorer-schemas.ts";
import type { RankingGender } from "../../../stats/rankings/vocabulary.ts";
import { formatCount } from "../format.ts";
import { GENDER_AMONG } from "./title.ts";

export interface TagRank {
  /** 1 for the tag most performers used. */
  rank: number;
  /** How many performers used the tag (of the gender). */
  count: number;
  /** The day the tag explorer counted (its files' `day`). */
  day: string;
}

type TagMapEntry = TagMapFile["tags"][string];

const countOf = (entry: TagMapEntry, gender: RankingGender) =>
  gender === "all" ? entry.count : entry[gender];

/**
 * A tag's place among the tags of the tag explorer's latest day (/api/tag_explorer/tagMap.json).
 * The file's own rank is over every gender; for a gender the rank is computed the same way from
 * that gender's counts: by count, most first, ties by tag, so no two tags share a rank. Null when
 * the tag is not in the file or no performer of the gender used it that day.
 */
export function tagRank(tagMap: TagMapFile, tag: string, gender: RankingGender): TagRank | null {
  const entry = tagMap.tags[tag];
  if (entry === undefined) return null;
  const count = countOf(entry, gender);
  if (count === 0) return null;
  if (gender === "all") return { rank: entry.rank, count, day: tagMap.day };
  let ahead = 0;
  for (const [other, otherEntry] of Object.entries(tagMap.tags)) {
    const c = countOf(otherEntry, gender);
    if (c > count || (c === count && other < tag)) ahead += 1;
  }
  return { rank: ahead + 1, count, day: tagMap.day };
}

/**
 * SPEC §2's rank badge: '#{tag} is the top #{rank} most popular tag … used by {count} models most
 * recently', the '…' saying among whom: "on {platform}" for every gender, "among women" and so on
 * for one.
 */
export function rankBadgeText(
  tag: string,
  gender: RankingGender,
  rank: TagRank,
  platformName: string,
): string {
  const among = GENDER_AMONG[gender] ?? `on ${platformName}`;
  const models = rank.count === 1 ? "model" : "models";
  return `#${tag} is the top #${formatCount(rank.rank)} most popular tag ${among}, used by ${formatCount(rank.count)} ${models} most recently`;
}
