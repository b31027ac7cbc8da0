import type { AffiliateSettings } from "../../../online-rooms/links.ts";
import type { DailyViewerEntry } from "../../../stats/rankings/daily-viewers.ts";
import type { RankingGender } from "../../../stats/rankings/vocabulary.ts";
import type { TagCount } from "../../lib/daily-viewers/tag-cloud.ts";

/** One row of a daily viewer ranking file, exactly as published (SPEC §3). */
export type { DailyViewerEntry };

/** What the daily viewer ranking page's loader gives its component (and the browser, to hydrate). */
export interface DailyViewersData {
  gender: RankingGender;
  tag: string | null;
  /** The day shown. */
  day: string;
  /** The day an address without a date shows. */
  latest: string;
  /** SPEC §4: true when the address has no date. */
  isLeadingEdge: boolean;
  /** This view's own address (the canonical one: no date on the latest day). */
  path: string;
  prevPath: string | null;
  /** Null on the latest day: Next is hidden. */
  nextPath: string | null;
  /** Each gender tab's address, in tab order. */
  genderPaths: { gender: RankingGender; path: string }[];
  /** The Top 100, ranked. */
  rows: DailyViewerEntry[];
  /** The tags with a list for this gender that day: the picker's options, and the table's tag links. */
  tags: string[];
  /** The day's most used tags (with lists), for the cloud. */
  cloud: TagCount[];
  /**
   * Which ranked performers are live now (SPEC §4: in the online list, or seen under 5 minutes
   * ago); null when unknown (crawlers, or no recent online list).
   */
  live: string[] | null;
  /**
   * For the ranked performers not live: 'live N days ago', 'live recently' or 'not active last
   * week' (SPEC §4), by username; null when live states are unknown.
   */
  liveTexts: Record<string, string> | null;
  /** 'Live only' at first (the `live` query parameter). */
  liveOnly: boolean;
  /** The request came from a crawler: no geo lookup, no live previews. */
  crawler: boolean;
  /** Live thumbnails' host, without a trailing slash; null shows none. */
  imageHost: string | null;
  /** Where the room player is embedded, with our campaign (the floating preview); null: none (and for crawlers). */
  player: AffiliateSettings | null;
  /** The cover image's path, or null when SPEC §4's rule hides it. */
  cover: string | null;
}
