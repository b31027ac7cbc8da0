import type { AffiliateSettings, AgeSection } from "../../../online-rooms/links.ts";
import { isRoomTag, MAX_ROOM_TAGS, MAX_ROOMS_PAGE, type RoomGender } from "../../../online-rooms/query.ts";
import type { OnlineRoom } from "../../../online-rooms/room.ts";

/**
 * The live-room pages (SPEC §2: /, /tag/{tags}, /female-cams, /male-cams and the age pages): which
 * list each one shows, how its address is read, and the data its loaders hand the component. Pure,
 * so the server's loader and the browser's use the very same rules.
 */

export type RoomsPageKind = "home" | "tag" | "gender" | "age" | "hd";

/** The HD pages: /1080p and /4k list the same rooms (the feed's one flag, `hd`, does not tell them apart). */
export type HdPage = "1080p" | "4k";

/** What the address says the page is. */
export interface RoomsPageIdentity {
  kind: RoomsPageKind;
  /** The page's own path, the canonical address of its first page. */
  path: string;
  tags: string[];
  /** The gender pages show one gender whatever the visitor's preference. */
  fixedGender: RoomGender | null;
  ageSection: AgeSection | null;
  /** /1080p or /4k: the rooms are asked for with hd=true. Absent on every other kind. */
  hd?: HdPage;
  /** The canonical address of the first page when it is not `path` (/4k's is /1080p). */
  canonicalPath?: string;
}

/** What the query string says (SPEC §2: page and audit). */
export interface RoomsPageParams {
  /** 1-based. */
  page: number;
  /** ?audit: each card shows its raw status code and viewer count. */
  audit: boolean;
}

/** Who is looking, decided on the server once per visit. */
export interface RoomsVisitor {
  /** False where age verification applies (GET /api/geoip's rule): no live thumbnails. */
  thumbnails: boolean;
  /** Crawlers (isbot) get every subject and tag in full. */
  fullText: boolean;
}

export interface RoomsPageData extends RoomsPageIdentity, RoomsPageParams {
  /** The genders the rooms were asked for (empty: all). */
  genders: RoomGender[];
  /** Rooms matching on the whole platform. */
  count: number;
  rooms: OnlineRoom[];
  /** The platform's feed could not be read: the list is empty for that reason, not for want of rooms. */
  unavailable: boolean;
  visitor: RoomsVisitor;
  affiliate: AffiliateSettings;
}

export const HOME: RoomsPageIdentity = {
  kind: "home",
  path: "/",
  tags: [],
  fixedGender: null,
  ageSection: null,
};

export const GENDER_PAGES: Readonly<Record<string, { gender: RoomGender; label: string }>> = {
  "/female-cams": { gender: "f", label: "Female" },
  "/male-cams": { gender: "m", label: "Male" },
};

/** The age pages and how each names its ages. */
export const AGE_PAGES: Readonly<Record<AgeSection, { label: string; heading: string }>> = {
  "teen-cams": { label: "teen (18+)", heading: "Teen cams (18+)" },
  "18to21-cams": { label: "18 to 21", heading: "18 to 21 year old cams" },
  "20to30-cams": { label: "20 to 30", heading: "20 to 30 year old cams" },
  "30to50-cams": { label: "30 to 50", heading: "30 to 50 year old cams" },
  "mature-cams": { label: "mature", heading: "Mature cams" },
};

function isAgeSection(value: string): value is AgeSection {
  return Object.hasOwn(AGE_PAGES, value);
}

/** /female-cams or /male-cams by its path; null for any other. */
export function genderIdentity(pathname: string): RoomsPageIdentity | null {
  const path = pathname.replace(/\/+$/, "");
  const page = Object.hasOwn(GENDER_PAGES, path) ? GENDER_PAGES[path] : undefined;
  if (!page) return null;
  return { kind: "gender", path, tags: [], fixedGender: page.gender, ageSection: null };
}

/** An age page by its path; null for any other. */
export function ageIdentity(pathname: string): RoomsPageIdentity | null {
  const section = pathname.replace(/^\/+|\/+$/g, "");
  if (!isAgeSection(section)) return null;
  return { kind: "age", path: `/${section}`, tags: [], fixedGender: null, ageSection: section };
}

/**
 * /1080p or /4k by its path; null for any other. Both list the feed's HD rooms; /4k names its
 * canonical address /1080p, since the feed cannot tell a 4K room from a 1080p one.
 */
export function hdIdentity(pathname: string): RoomsPageIdentity | null {
  const path = pathname.replace(/\/+$/, "");
  if (path !== "/1080p" && path !== "/4k") return null;
  const hd: HdPage = path === "/4k" ? "4k" : "1080p";
  return {
    kind: "hd",
    path,
    tags: [],
    fixedGender: null,
    ageSection: null,
    hd,
    ...(hd === "4k" ? { canonicalPath: "/1080p" } : {}),
  };
}

/** The rooms query's hd flag for a page: true on the HD pages, absent elsewhere. */
export function hdFlagOf(page: Pick<RoomsPageIdentity, "hd">): { hd?: boolean } {
  return page.hd === undefined ? {} : { hd: true };
}

/**
 * /tag/{tags}: one tag or several separated by commas (/tag/asian,latina), any case. Repeats are
 * dropped; an empty part, a part outside the tag alphabet or more than the feed's 5 tags is no tag
 * page (null: the 404 page). The canonical path spells them lowercase, in the order given.
 */
export function tagIdentity(raw: string | undefined): RoomsPageIdentity | null {
  if (raw === undefined) return null;
  const parts = raw.split(",").map((t) => t.trim().toLowerCase());
  if (parts.length > MAX_ROOM_TAGS || parts.some((t) => !isRoomTag(t))) return null;
  const tags = [...new Set(parts)];
  return { kind: "tag", path: tagPath(tags), tags, fixedGender: null, ageSection: null };
}

export function tagPath(tags: readonly string[]): string {
  return `/tag/${tags.map(encodeURIComponent).join(",")}`;
}

const PAGE_NUMBER = /^[1-9]\d{0,2}$/;
const AUDIT_OFF = new Set(["0", "false", "no", "off"]);

/**
 * page: a whole number from 1 to MAX_ROOMS_PAGE (absent: 1); audit: on when present (?audit,
 * ?audit=1), unless it says 0, false, no or off. Null when page is anything else: the 404 page,
 * since no such page of the list exists.
 */
export function parsePageParams(search: URLSearchParams): RoomsPageParams | null {
  const pages = search.getAll("page");
  if (pages.length > 1) return null;
  const raw = pages[0];
  let page = 1;
  if (raw !== undefined) {
    if (!PAGE_NUMBER.test(raw) || Number(raw) > MAX_ROOMS_PAGE) return null;
    page = Number(raw);
  }
  const audit = search.has("audit") && !AUDIT_OFF.has((search.get("audit") ?? "").toLowerCase());
  return { page, audit };
}

/** The filters of a page's list that travel on its outbound links. */
export function linkFilters(data: Pick<RoomsPageData, "genders" | "tags">) {
  return { genders: data.genders, tags: data.tags };
}

/** Whether two lists of gender codes ask for the same rooms. */
export function sameGenders(a: readonly RoomGender[], b: readonly RoomGender[]): boolean {
  return a.length === b.length && a.every((g) => b.includes(g));
}

/**
 * The rooms as this visitor may see them: where age verification applies the thumbnails' addresses
 * are dropped from the data itself, not only from the markup, so the page's embedded copy carries
 * none either.
 */
export function forVisitor(rooms: OnlineRoom[], visitor: RoomsVisitor): OnlineRoom[] {
  return visitor.thumbnails ? rooms : rooms.map((room) => ({ ...room, imageUrl: null }));
}
