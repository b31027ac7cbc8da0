import type { CountryMapData } from "../../lib/country-map/page-data.ts";

/** A performer of one of the chosen country's lists. */
export interface LocationListRow {
  rank: number;
  username: string;
  value: number;
}

/** What /world-locations gives its component. */
export interface WorldLocationsData {
  map: CountryMapData;
  /** This view's address (canonical). */
  path: string;
  /** Each country with performers: its explorer address. */
  hrefs: Record<string, string>;
  /** The country shown beside the map; null when no country has performers. */
  selected: {
    location: string;
    country: string;
    name: string;
    /** The map's shape of it, outlined; null when the map has none (a small island). */
    shapeKey: string | null;
    rank: number;
    count: number;
    /** Its most popular of the 30 days (peak viewers) and most followed; null when not published. */
    popular: LocationListRow[] | null;
    followers: LocationListRow[] | null;
    locationPath: string;
  } | null;
}
