import type { RankingGender } from "../../../stats/rankings/vocabulary.ts";
import type { TagCount } from "../daily-viewers/tag-cloud.ts";
import type { TagRank } from "./rank-badge.ts";
import type { OverviewTab } from "./tabs.ts";

/** What the tag ranking overview's loader gives its component (and the browser, to hydrate). */
export interface TagOverviewData {
  gender: RankingGender;
  tag: string | null;
  /** This view's own address (the canonical one). */
  path: string;
  /** The latest day (Most viewed's day), or null when no day is published yet. */
  day: string | null;
  /** The gender switch's addresses, in order; each keeps the tag when that gender has lists for it. */
  genderPaths: { gender: RankingGender; path: string }[];
  /** The tags with lists for this gender: the picker's options. */
  tags: string[];
  /** The four tabs in SPEC §2's order. */
  tabs: OverviewTab[];
  /** The rank badge's figures; null without a tag, or when the tag explorer has no count for it. */
  rank: TagRank | null;
  /** The tag cloud: the tag explorer's top tags with 30-day lists for this gender, with its count. */
  cloud: TagCount[];
  /** Which of the listed performers are live now; null when unknown (crawlers, no recent online list). */
  live: string[] | null;
  /** 'Live only' at first (the `live` query parameter). */
  liveOnly: boolean;
}
