/**
 * A room exactly as the platform's online-rooms feed serves it (shared/platform/ONLINE_ROOMS_API.md).
 * The sandbox platform produces these; the collector must never trust them (see parse-room.ts),
 * because on the real feed any field may be missing, null, or of another shape.
 */
export type FeedGender = "f" | "m" | "t" | "c" | "s";
export type FeedShow = "public" | "private" | "group" | "away" | "hidden";

export interface FeedRoom {
  username: string;
  display_name: string;
  gender: FeedGender;
  age: number | null;
  /** "" or YYYY-MM-DD */
  birthday: string;
  /** free text, may be "" */
  location: string;
  /** ISO 3166 alpha-2 upper case, or "" */
  country: string;
  /** one free-text string: "English, Spanish" */
  spoken_languages: string;
  num_users: number;
  num_followers: number;
  /** lowercase, no '#' */
  tags: string[];
  room_subject: string;
  current_show: FeedShow;
  seconds_online: number;
  is_new: boolean;
  is_hd: boolean;
  image_url: string;
  image_url_360x270: string;
  chat_room_url: string;
  chat_room_url_revshare: string;
  iframe_embed: string;
  iframe_embed_revshare: string;
  slug: string;
  block_from_countries?: string;
  block_from_states?: string;
  recorded?: string;
  /** The real feed adds fields without notice; consumers must ignore what they do not know. */
  [unknownField: string]: unknown;
}

export interface FeedResponse {
  count: number;
  results: FeedRoom[];
}

/** Path of the feed below the feed base URL. */
export const FEED_PATH = "/api/public/affiliates/onlinerooms/";

/** Regions the feed accepts in `region`. */
export const FEED_REGIONS = ["asia", "europe_russia", "northamerica", "southamerica", "other"] as const;
export type FeedRegion = (typeof FEED_REGIONS)[number];
