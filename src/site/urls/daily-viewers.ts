import { isFileSegment, isRankingGender, type RankingGender } from "../../stats/rankings/vocabulary.ts";
import { isValidDate } from "../shown-days.ts";
import { tagOverviewPath } from "./tag-overview.ts";

/**
 * The addresses of the daily viewer ranking (SPEC §2, §5): /top/viewers, /top/viewers/{gender},
 * /top/viewers/{gender}/{tag}, /top/viewers/{tag}, each optionally followed by /{date}.
 */
export const DAILY_VIEWERS_PATH = "/top/viewers";

export interface DailyViewerView {
  gender: RankingGender;
  tag: string | null;
  /** The URL's date; null on the latest day, whose address carries none (isLeadingEdge). */
  date: string | null;
}

/**
 * Whether a tag can be addressed in its own segment: it must name a file, and it must not read as
 * a gender word or a date, which the rules below take first.
 */
export function isAddressableTag(tag: string): boolean {
  return isFileSegment(tag) && !isRankingGender(tag) && !isValidDate(tag);
}

/**
 * Reads the segments after /top/viewers. The last segment is the date when it is a valid date;
 * a first segment that is a gender word is the gender ("a tag equal to a gender word is the
 * gender"); what is left is the tag, so a date segment that is not a valid date is the tag. Null
 * (no such page) for anything else: more than three segments, two tags, a gender after a tag, or a
 * tag that cannot name a file. Letters are matched lowercase, as tags are published.
 */
export function parseDailyViewerSegments(segments: readonly string[]): DailyViewerView | null {
  const parts = segments.filter((s) => s !== "").map((s) => s.toLowerCase());
  if (parts.length > 3) return null;
  const last = parts.at(-1);
  const date = last !== undefined && isValidDate(last) ? last : null;
  if (date !== null) parts.pop();
  const first = parts[0];
  const gender = first !== undefined && isRankingGender(first) ? first : "all";
  if (first !== undefined && isRankingGender(first)) parts.shift();
  if (parts.length > 1) return null;
  const tag = parts[0] ?? null;
  if (tag !== null && !isFileSegment(tag)) return null;
  if (tag !== null && isRankingGender(tag)) return null;
  return { gender, tag, date };
}

/** The segments of a /top/viewers path as React Router's splat gives them ("women/asian/2026-11-20"). */
export function parseDailyViewerSplat(splat: string | undefined): DailyViewerView | null {
  return parseDailyViewerSegments((splat ?? "").split("/"));
}

/**
 * The address of a view. `latest` is the day a page without a date shows: a view of that day
 * leaves the date out. Gender all leaves its word out (/top/viewers, /top/viewers/{tag}).
 */
export function dailyViewerPath(
  view: { gender: RankingGender; tag: string | null; day: string },
  latest: string,
) {
  const segments: string[] = [];
  if (view.gender !== "all") segments.push(view.gender);
  if (view.tag !== null) segments.push(encodeURIComponent(view.tag));
  if (view.day !== latest) segments.push(view.day);
  return segments.length === 0 ? DAILY_VIEWERS_PATH : `${DAILY_VIEWERS_PATH}/${segments.join("/")}`;
}

/**
 * The tag ranking overview for the same gender and tag (SPEC §2): /top, /top/{gender}, /top/{tag}
 * or /top/{tag}/{gender}.
 */
export function overviewPath(gender: RankingGender, tag: string | null): string {
  return tagOverviewPath({ gender, tag });
}
