/** A section of /resources: one content file, rendered. */
export interface ResourceSection {
  id: string;
  title: string;
  /** The file's Markdown as HTML (src/site/markdown.ts: no HTML of its own, safe links only). */
  html: string;
  /** The live figures follow this section's text. */
  figures: boolean;
}

export interface HourFigure {
  /** "14:00–15:00 UTC". */
  span: string;
  viewers: number;
  rooms: number;
}

export interface TagFigure {
  tag: string;
  /** Performers who used the tag in the last 30 days. */
  performers: number;
  /** The tag's page under /top, or null when the tag has none. */
  path: string | null;
}

/** What the published files say, or null for a file not published yet. */
export interface ResourceFigures {
  /** The last day the traffic figures cover. */
  trafficAsOf: string | null;
  busiest: HourFigure[] | null;
  /** The hours with the most viewers for each room online. */
  leastCrowded: (HourFigure & { viewersPerRoom: number })[] | null;
  tags: TagFigure[] | null;
}

export interface ResourcesData {
  sections: ResourceSection[];
  figures: ResourceFigures;
}

/** Kept an hour: the prose changes with a deploy, the figures once a day. */
export const RESOURCES_CACHE_CONTROL = "public, max-age=3600";
/** Hours and tags listed. */
export const HOURS_SHOWN = 3;
export const TAGS_SHOWN = 10;
