import { isFileSegment } from "../stats/rankings/vocabulary.ts";

/**
 * What one page of the platform's online rooms is asked for (SPEC §7: gender repeated, tag
 * repeated, offset, limit 90), shared by the server's proxy and the pages that call it: the server
 * validates with these rules and the browser builds its requests with them.
 */

/** SPEC §9: the online rooms come 90 to a page. */
export const ROOMS_PAGE_SIZE = 90;
/** The feed takes up to 5 tags (ONLINE_ROOMS_API.md). */
export const MAX_ROOM_TAGS = 5;
/**
 * The deepest page anyone may ask for: 200 pages are 18,000 rooms, more than the platform has online
 * at its busiest, so nothing real is cut off while a crawler cannot walk the offsets forever.
 */
export const MAX_ROOMS_PAGE = 200;
export const MAX_ROOMS_OFFSET = (MAX_ROOMS_PAGE - 1) * ROOMS_PAGE_SIZE;

/** The feed's gender codes (SPEC §7: f, m, c, t), in the order every query lists them. */
export const ROOM_GENDERS = ["f", "m", "c", "t"] as const;
export type RoomGender = (typeof ROOM_GENDERS)[number];

export interface RoomsQuery {
  /** Empty: every gender. */
  genders: readonly RoomGender[];
  /** Every one must be on a room (the feed combines tags with AND). */
  tags: readonly string[];
  /** A multiple of ROOMS_PAGE_SIZE, at most MAX_ROOMS_OFFSET. */
  offset: number;
  /**
   * The feed's one quality flag (ONLINE_ROOMS_API.md: hd=true|false): true lists HD rooms only,
   * false non-HD rooms only; absent, either. /1080p and /4k ask for HD rooms.
   */
  hd?: boolean;
}

export function isRoomGender(value: string): value is RoomGender {
  return (ROOM_GENDERS as readonly string[]).includes(value);
}

/**
 * A tag as the site's tag pages and published files spell it (lowercase letters of any script,
 * digits, _ and -, up to 64): anything else is no tag the feed could have given a room.
 */
export function isRoomTag(value: string): boolean {
  return isFileSegment(value);
}

/** The offset of a 1-based page. */
export function offsetOfPage(page: number): number {
  return (page - 1) * ROOMS_PAGE_SIZE;
}

/** How many pages `count` rooms fill (at least one, so an empty list still has its page), capped. */
export function pageCount(count: number): number {
  return Math.min(MAX_ROOMS_PAGE, Math.max(1, Math.ceil(count / ROOMS_PAGE_SIZE)));
}

/**
 * The one spelling of a query: genders in ROOM_GENDERS order, tags sorted, both without repeats.
 * The same rooms are asked for in one way only, so the proxy's cache keeps them once.
 */
export function normalizeRoomsQuery(query: RoomsQuery): RoomsQuery {
  const normal: RoomsQuery = {
    genders: ROOM_GENDERS.filter((g) => query.genders.includes(g)),
    tags: [...new Set(query.tags)].sort(),
    offset: query.offset,
  };
  // Absent and undefined are one query: only a flag actually given is part of it.
  if (query.hd !== undefined) normal.hd = query.hd;
  return normal;
}

/** The query string of GET /api/online_rooms for a query (also the proxy's cache key). */
export function roomsQueryString(query: RoomsQuery): string {
  const { genders, tags, offset, hd } = normalizeRoomsQuery(query);
  const params = new URLSearchParams();
  for (const gender of genders) params.append("gender", gender);
  for (const tag of tags) params.append("tag", tag);
  params.set("offset", String(offset));
  if (hd !== undefined) params.set("hd", String(hd));
  return params.toString();
}
