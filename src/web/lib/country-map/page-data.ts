import type { GenderTab, PageGender } from "../page-genders.ts";
import type { LegendEntry } from "./shading.ts";

/** One country's outline on the map, with what its tooltip says. */
export interface MapCountryShape {
  key: string;
  d: string;
  fill: string;
  /** "Colombia: 1,234 performers": the shape's <title>. */
  title: string;
}

/** A row of the table of countries. */
export interface MapCountryRow {
  rank: number;
  country: string;
  /** The location's file and address name (the location pages'). */
  location: string;
  name: string;
  count: number;
  /** The country's location page (with the gender). */
  path: string;
}

export interface CountryMapData {
  gender: PageGender;
  path: string;
  genderTabs: GenderTab[];
  width: number;
  height: number;
  shapes: MapCountryShape[];
  legend: LegendEntry[];
  rows: MapCountryRow[];
  /** Performers counted over every country. */
  total: number;
}
