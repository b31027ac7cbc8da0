import type { ListView } from "../../../db/queries/lists.ts";

export type { ListView };

/** One performer of a list's summary (GET /v1/list_summary, the list page's loader). */
export interface ListPerformer {
  name: string;
  displayName: string | null;
  gender: "f" | "m" | "t" | "c" | null;
  age: number | null;
  country: string | null;
  /** SPEC §4: in the online list or seen under 5 minutes ago. */
  live: boolean;
  /** When not live: 'live N days ago', 'live recently', 'not active last week'. */
  liveText: string | null;
  viewers: number | null;
  followers: number | null;
  followerChange7d: number | null;
  lastBroadcast: string | null;
  addedAt: string;
}

/** A list with its performers' figures and the caller's relation to it. */
export interface ListSummary {
  list: ListView;
  owner: boolean;
  watching: boolean;
  observedAt: string | null;
  /** Live first, then viewers, then followers, then name: the server's order, kept. */
  performers: ListPerformer[];
}

/** SPEC §3: a watched list's alert choice (POST /v1/list_alerts). */
export type AlertChoice = "off" | "each" | "digest";

export const ALERT_CHOICES: readonly { value: AlertChoice; label: string }[] = [
  { value: "off", label: "No alerts" },
  { value: "each", label: "Each go-live" },
  { value: "digest", label: "Daily digest" },
];

/** What POST /v1/list_import_favorites answers (a dry run adds nothing). */
export interface ImportAnswer {
  found: string[];
  unknown: string[];
  duplicates: string[];
  alreadyInList: string[];
  added: string[];
  list: ListView;
}

/** The list page's address. */
export const listPath = (listId: string) => `/lists/${encodeURIComponent(listId)}`;
/** A public list's Atom feed of go-live events. */
export const listFeedPath = (listId: string) => `${listPath(listId)}/feed.atom`;

/**
 * The limits of src/lists/list-rules.ts, for the forms' own checks: that file holds the id maker
 * (node:crypto), which stays out of the browser's bundle; list-data.test.ts keeps the two equal.
 */
export const LIST_NAME_MAX = 80;
export const LIST_DESCRIPTION_MAX = 500;

/** A public list as the /lists page shows it (from /api/lists/public_lists.json): no names, a count. */
export interface PublicListCard {
  listId: string;
  name: string;
  description: string;
  image: string | null;
  updatedAt: string;
  performerCount: number;
}
