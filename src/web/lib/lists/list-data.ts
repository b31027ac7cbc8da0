import type { ListView } from "../../../db/queries/lists.ts";
import type { ListPerformer, ListSummary } from "../../../lists/list-summary.ts";

export type { ListPerformer, ListSummary, ListView };

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

/** The /lists page's data: a page of the public lists (the first tab, server-rendered). */
export interface ListsPageData {
  lists: PublicListCard[];
  total: number;
  page: number;
  pages: number;
}
