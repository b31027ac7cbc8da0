import { addDays, dayOfInstant } from "../../../rules/calendar.ts";
import { isValidDate } from "../../../site/shown-days.ts";
import { isFileSegment } from "../../../stats/rankings/vocabulary.ts";
import { type PageGender, readPageGender } from "../../lib/page-genders.ts";

/** /traffic with its gender: `?gender=` for every gender but all (the page's own address). */
export function trafficPath(gender: PageGender): string {
  return gender === "all" ? "/traffic" : `/traffic?gender=${gender}`;
}

export const trafficDayPath = (day: string) => `/traffic/${day}`;
export const trafficTagPath = (startDate: string, tag: string) =>
  `/traffic/${startDate}/${encodeURIComponent(tag)}`;

/**
 * /traffic's `?gender=`: the gender shown (absent: all), a redirect for another spelling of a
 * gender (`all`, `women`, `men`: to the page's own address), or null for anything else (a 404).
 */
export function readTrafficGender(
  params: URLSearchParams,
): { gender: PageGender } | { redirect: string } | null {
  const values = params.getAll("gender");
  if (values.length === 0) return { gender: "all" };
  if (values.length > 1 || values[0] === undefined) return null;
  const read = readPageGender(values[0]);
  if (read === null) return null;
  if (!read.canonical || read.gender === "all") return { redirect: trafficPath(read.gender) };
  return { gender: read.gender };
}

/** A /traffic/{date} segment: a real calendar date not after today (UTC); otherwise null (a 404). */
export function readTrafficDay(segment: string | undefined, now: number): string | null {
  if (segment === undefined || !isValidDate(segment)) return null;
  return segment <= dayOfInstant(now) ? segment : null;
}

/** A /traffic/{startDate}/{tag} tag: a tag that can name a file (lowercase, no spaces); otherwise null. */
export function readTrafficTag(segment: string | undefined): string | null {
  return segment !== undefined && isFileSegment(segment) ? segment : null;
}

/**
 * How long a day's page may be kept: today's still grows every poll (a minute), yesterday's may
 * still gain its last polls and is the day people look at (5 minutes), older days never change
 * (a day).
 */
export function trafficDayCacheControl(day: string, now: number): string {
  const today = dayOfInstant(now);
  if (day >= today) return "public, max-age=60";
  if (day === addDays(today, -1)) return "public, max-age=300";
  return "public, max-age=86400";
}
