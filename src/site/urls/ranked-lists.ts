import {
  isFileSegment,
  isRankingGender,
  type RankingGender,
  SUPPORTER_ORDERS,
  type SupporterOrder,
} from "../../stats/rankings/vocabulary.ts";
import { isValidDate } from "../shown-days.ts";

/**
 * The addresses of the ranked-list pages (SPEC §2 route table, §5): most followed and fastest
 * rising (/top/{followers|growing}[/{tag}[/{date}]]), top monthly and top 2021
 * (/top/{performers|2021}[/{tag}], /top/…/{gender}/{tag}), and supporters
 * (/top/supporters[/{order}[/{date}]]). Pure: the loaders decide what exists.
 */

/** The dated follower families and their base paths. */
export const FOLLOWER_LISTS = { followers: "/top/followers", growing: "/top/growing" } as const;
export type FollowerList = keyof typeof FOLLOWER_LISTS;

/** The undated score families: the last 30 days, and a calendar year. */
export const SCORE_LISTS = { performers: "/top/performers", "2021": "/top/2021" } as const;
export type ScoreList = keyof typeof SCORE_LISTS;

export const SUPPORTERS_PATH = "/top/supporters";
export const DEFAULT_SUPPORTER_ORDER: SupporterOrder = "gained";

export interface FollowerListView {
  gender: RankingGender;
  /** A tag list is of every gender (gender "all"): the files have no per-gender tag lists. */
  tag: string | null;
  /** The address's date; null on the latest day. */
  date: string | null;
}

export interface ScoreListView {
  gender: RankingGender;
  tag: string | null;
}

export interface SupportersView {
  order: SupporterOrder;
  date: string | null;
}

/** A tag with an address of its own: it names a file and reads neither as a gender word nor as a date. */
export function isListTag(tag: string): boolean {
  return isFileSegment(tag) && !isRankingGender(tag) && !isValidDate(tag);
}

/** React Router's splat ("all/asian/2026-11-20") as lowercase segments, empty ones dropped. */
export function splatSegments(splat: string | undefined): string[] {
  return (splat ?? "")
    .split("/")
    .filter((s) => s !== "")
    .map((s) => s.toLowerCase());
}

/**
 * Most followed and fastest rising: [{gender} | {tag} | all/{tag}] then an optional date. The tag
 * slot holding a gender word is the gender (SPEC §2, §4); a last segment that is a real date is the
 * date, anything else there is the tag (SPEC §5). `all/{tag}` is the tag list too (the tag
 * overview's 'show more...' links spell it so). Null for what has no page: another gender with a
 * tag (tag lists are of every gender), two tags, a tag that cannot name a file, too many segments.
 */
export function parseFollowerListSegments(segments: readonly string[]): FollowerListView | null {
  const parts = [...segments];
  if (parts.length > 3) return null;
  const last = parts.at(-1);
  const date = last !== undefined && isValidDate(last) ? last : null;
  if (date !== null) parts.pop();
  let gender: RankingGender = "all";
  const first = parts[0];
  if (first !== undefined && isRankingGender(first)) {
    gender = first;
    parts.shift();
  }
  if (parts.length > 1) return null;
  const tag = parts[0] ?? null;
  if (tag === null) return { gender, tag, date };
  if (gender !== "all" || !isListTag(tag)) return null;
  return { gender, tag, date };
}

/** The address of a follower list view; the latest day leaves its date out, `all` its word. */
export function followerListPath(
  list: FollowerList,
  view: { gender: RankingGender; tag: string | null; day: string },
  latest: string,
): string {
  const segments: string[] = [];
  if (view.tag !== null) segments.push(encodeURIComponent(view.tag));
  else if (view.gender !== "all") segments.push(view.gender);
  if (view.day !== latest) segments.push(view.day);
  return [FOLLOWER_LISTS[list], ...segments].join("/");
}

/**
 * Top monthly and top 2021: [], [{tag}], [{gender}], [{gender}, {tag}] (SPEC §2). A gender word in
 * the tag slot is the gender. Null for anything else (a tag then a gender, two tags, more segments,
 * a tag that cannot name a file).
 */
export function parseScoreListSegments(segments: readonly string[]): ScoreListView | null {
  const parts = [...segments];
  if (parts.length > 2) return null;
  let gender: RankingGender = "all";
  const first = parts[0];
  if (first !== undefined && isRankingGender(first)) {
    gender = first;
    parts.shift();
  }
  if (parts.length > 1) return null;
  const tag = parts[0] ?? null;
  if (tag !== null && !isListTag(tag)) return null;
  return { gender, tag };
}

/** /top/performers, /top/performers/{tag}, /top/performers/{gender}, /top/performers/{gender}/{tag}. */
export function scoreListPath(list: ScoreList, view: ScoreListView): string {
  const segments: string[] = [];
  if (view.gender !== "all") segments.push(view.gender);
  if (view.tag !== null) segments.push(encodeURIComponent(view.tag));
  return [SCORE_LISTS[list], ...segments].join("/");
}

export function isSupporterOrder(value: string): value is SupporterOrder {
  return (SUPPORTER_ORDERS as readonly string[]).includes(value);
}

/**
 * Supporters: [{order}] then an optional date. A segment that is not a date is the order, so an
 * unknown word is an unknown order: null, as is anything longer.
 */
export function parseSupporterSegments(segments: readonly string[]): SupportersView | null {
  const parts = [...segments];
  if (parts.length > 2) return null;
  const last = parts.at(-1);
  const date = last !== undefined && isValidDate(last) ? last : null;
  if (date !== null) parts.pop();
  if (parts.length > 1) return null;
  const order = parts[0] ?? DEFAULT_SUPPORTER_ORDER;
  return isSupporterOrder(order) ? { order, date } : null;
}

/** The default order (gained) leaves its word out, the latest day its date: /top/supporters/{date} is gained. */
export function supporterListPath(view: { order: SupporterOrder; day: string }, latest: string): string {
  const segments: string[] = [];
  if (view.order !== DEFAULT_SUPPORTER_ORDER) segments.push(view.order);
  if (view.day !== latest) segments.push(view.day);
  return [SUPPORTERS_PATH, ...segments].join("/");
}

/**
 * The `page` query parameter (SPEC §2 Pagination): absent is page 1; a whole number from 1 is that
 * page; anything else (0, -1, 1.5, abc, empty, the parameter twice) is null, a 404.
 */
export function parsePageParam(params: URLSearchParams): number | null {
  const values = params.getAll("page");
  if (values.length === 0) return 1;
  const [value] = values;
  if (values.length > 1 || value === undefined || !/^[1-9]\d{0,5}$/.test(value)) return null;
  return Number(value);
}
