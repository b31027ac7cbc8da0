import type { ChartSpec } from "../../components/charts/chart-spec.ts";
import type { GenderTab, PageGender } from "../../lib/page-genders.ts";
import type { TrafficCharts } from "./charts.ts";

/** /traffic: the published traffic files' charts for one gender. */
export interface TrafficData {
  gender: PageGender;
  /** The page's canonical address. */
  path: string;
  genderTabs: GenderTab[];
  /** The last day the files cover. */
  asOf: string;
  charts: TrafficCharts;
}

/** /traffic/{date}: one UTC day's hours from the database, every gender. */
export interface TrafficDayData {
  day: string;
  path: string;
  prevPath: string | null;
  nextPath: string | null;
  rooms: ChartSpec;
  viewers: ChartSpec;
  /** The first of the 7 days ending with this one: where the tag form's pages start. */
  weekStart: string;
}

/** /traffic/{startDate}/{tag}: a tag's rooms and viewers over 7 days. */
export interface TrafficTagData {
  tag: string;
  startDate: string;
  /** The last of the 7 days. */
  endDate: string;
  path: string;
  prevPath: string;
  /** The next 7 days, when they start no later than today. */
  nextPath: string | null;
  rooms: ChartSpec;
  viewers: ChartSpec;
  /** The tag's rankings: /top/{tag}. */
  rankingsPath: string;
}
