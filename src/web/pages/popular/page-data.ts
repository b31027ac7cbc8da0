import type { RankingRow } from "../../lib/ranked-lists/table-rows.ts";
import type { TagRank } from "../../lib/tag-overview/rank-badge.ts";
import type { RelatedTag } from "./related-tags.ts";

/** The tag's place among the day's 50 most used tags (/stats/{date}/tag-frequency.json). */
export interface DayTagRank {
  rank: number;
  count: number;
}

/** What the popular-by-tag page's loader gives its component. */
export interface PopularData {
  tag: string;
  day: string;
  /** True when the address has no date (the latest day). */
  isLeadingEdge: boolean;
  /** The page's own address, its canonical one. */
  path: string;
  prevPath: string | null;
  nextPath: string | null;
  /** The day's Top 100 for the tag, every gender, as table rows. */
  rows: RankingRow[];
  /** The top of the tag's 30-day list (the first 10), or null when it has none. */
  monthly: RankingRow[] | null;
  related: (RelatedTag & { path: string | null })[];
  dayRank: DayTagRank | null;
  /** The tag explorer's rank (its latest day), or null when it does not count the tag. */
  explorerRank: TagRank | null;
  /** The daily viewer ranking of the tag that day (/top/viewers/{tag}[/{date}]); null when the tag reads as a gender word or date there. */
  viewersPath: string | null;
  /** The tag ranking overview (/top/{tag}); null for a tag that /top reads otherwise. */
  overviewPath: string | null;
  /** The tag's traffic from this day (/traffic/{date}/{tag}). */
  trafficPath: string;
  /** /top/performers/{tag} when the tag has a 30-day list. */
  performersPath: string | null;
  crawler: boolean;
  imageHost: string | null;
}
