import type { TagIndexView } from "../../../site/urls/tag-explorer.ts";
import type { RankingGender } from "../../../stats/rankings/vocabulary.ts";
import type { OverviewRow, OverviewTabId } from "../../lib/tag-overview/tabs.ts";

/** A day's sum over a tag's performers and its average per performer (null without any). */
export interface TagFigure {
  total: number;
  average: number | null;
}

/** One row of the explorer's table: a top tag of the day, for the chosen gender. */
export interface TagIndexRow {
  tag: string;
  /** Its place among every tag of the day, all genders (the tag map's rank). */
  rank: number;
  /** Performers who used it on the day, of the chosen gender. */
  performers: number;
  /** Average daily performers of each of the 12 months (all genders); null: no data that month. */
  trend: (number | null)[];
  /** This month's average daily performers against last month's, in percent; null when either is unknown or zero. */
  growth: number | null;
  averageViewers: number | null;
  averageFollowers: number | null;
  averageGain: number | null;
}

/** What /tags gives its component. */
export interface TagIndexData {
  view: TagIndexView;
  /** The canonical address of this view. */
  path: string;
  day: string;
  /** The 12 months of `trend`, oldest first ("YYYY-MM"). */
  months: string[];
  /** The top tags, ordered and filtered as the view asks. */
  rows: TagIndexRow[];
  /** How many top tags there are before the search and gender filter. */
  topCount: number;
  /** Every tag used in the 30 days ending with the day: how many, and from when. */
  allTagsCount: number;
  allTagsFrom: string;
  /** With a search: every tag of the 30 days whose name holds it (at most TAG_MATCHES_SHOWN), with its count on the day. */
  matches: { tag: string; count: number | null }[] | null;
  /** More tags matched than are shown. */
  matchesCut: boolean;
}

/** One of the tag's four ranking lists (the overview's tabs), its first rows. */
export interface TagListPreview {
  id: OverviewTabId;
  rows: OverviewRow[] | null;
  morePath: string;
}

/** What /tags/{tag} gives its component. */
export interface TagPageData {
  tag: string;
  path: string;
  day: string;
  /** Its rank and performers on the day (per gender); null when nobody used it that day. */
  today: { rank: number; count: number; byGender: Record<Exclude<RankingGender, "all">, number> } | null;
  months: string[];
  /** Average daily performers of each month; null when the tag is not a top tag (no series is published). */
  trend: (number | null)[] | null;
  growth: number | null;
  /** Per gender (all first): performers and the day's viewers, followers and follower gain; null when not a top tag. */
  figures:
    | {
        gender: RankingGender;
        performers: number;
        viewers: TagFigure;
        followers: TagFigure;
        gain: TagFigure;
      }[]
    | null;
  /** The tags its performers also used in the 30 days; null when not a top tag. */
  related: { performers: number; from: string; tags: { tag: string; performers: number }[] } | null;
  lists: TagListPreview[];
  /** The tag's other pages, when they exist. */
  overviewPath: string | null;
  popularPath: string | null;
  livePath: string;
}
