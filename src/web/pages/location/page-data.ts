import type { RankingGender } from "../../../stats/rankings/vocabulary.ts";
import type { RankingRow } from "../../lib/ranked-lists/table-rows.ts";

/** /location/{location}[/{gender}]: a country's most followed and most popular performers. */
export interface LocationData {
  location: string;
  /** The country's ISO alpha-2 code (for the flag), or null when no code names this location. */
  country: string | null;
  name: string;
  gender: RankingGender;
  path: string;
  /** The genders with lists for this location, in tab order. */
  genderTabs: { gender: RankingGender; path: string }[];
  /** Performers of the gender seen on the latest day (the map's count). */
  count: number;
  /** Whether the location has lists for the gender (false: performers on the latest day, no lists yet). */
  listed: boolean;
  /** The map for the same gender (page-level words). */
  mapPath: string;
  followers: RankingRow[];
  popular: RankingRow[];
  crawler: boolean;
  imageHost: string | null;
}
