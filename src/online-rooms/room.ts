import type { RoomGender } from "./query.ts";

/**
 * One online room as our server hands it on: the feed's room trimmed to what a room card shows
 * (trim-room.ts makes it). Shared by the JSON call, the page loaders and the cards.
 */
export interface OnlineRoom {
  username: string;
  /** The performer's own free text; "" when the feed has none. */
  displayName: string;
  gender: RoomGender | null;
  age: number | null;
  /** ISO 3166 alpha-2, upper case. */
  country: string | null;
  viewers: number;
  status: RoomStatus;
  /** The live thumbnail on the platform's image host (refreshed there about once a minute). */
  imageUrl: string | null;
  /** The room subject as plain text: no markup, entities decoded, spaces collapsed. */
  subject: string;
  tags: string[];
}

/** SPEC §3 online status codes. */
export const ROOM_STATUS = {
  public: 1,
  private: 2,
  hidden: 3,
  away: 4,
  password: 5,
  unknown: 6,
} as const;
export type RoomStatus = (typeof ROOM_STATUS)[keyof typeof ROOM_STATUS];

/** What a card says for each status. */
export const STATUS_TEXT: Readonly<Record<RoomStatus, string>> = {
  1: "Public",
  2: "Private show",
  3: "Hidden show",
  4: "Away",
  5: "Password protected",
  6: "Unknown",
};
