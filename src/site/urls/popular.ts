import { isFileSegment } from "../../stats/rankings/vocabulary.ts";
import { isValidDate } from "../shown-days.ts";

/** What a /popular address names: the tag, and the date (null: the latest day). */
export interface PopularView {
  tag: string;
  date: string | null;
}

/**
 * /popular/{tag}[/{date}]: the tag read lowercase (as tags are published) must be able to name a
 * file; the date, when given, must be a real calendar date. Null (the 404 page) otherwise: unlike
 * the daily ranking, no other reading of the segment exists here.
 */
export function parsePopularParams(tag: string | undefined, date: string | undefined): PopularView | null {
  if (tag === undefined) return null;
  const t = tag.toLowerCase();
  if (!isFileSegment(t)) return null;
  if (date !== undefined && !isValidDate(date)) return null;
  return { tag: t, date: date ?? null };
}

/** The address of a tag's day: the date left out on the latest day, as on the daily ranking. */
export function popularPath(tag: string, day: string, latest: string): string {
  const base = `/popular/${encodeURIComponent(tag)}`;
  return day === latest ? base : `${base}/${day}`;
}
