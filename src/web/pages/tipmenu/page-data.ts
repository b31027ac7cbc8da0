import type { TipMenuPageGender } from "../../../site/tipmenu.ts";
import type { PopularItem, TipMenuAnswer } from "../../../types/tipmenu.ts";

/**
 * Kept five minutes, like the API's lists: the goals change with the polls, slowly. Served stale
 * while refreshed behind for as long again, so a search's page never keeps a visitor waiting once
 * the server's page cache holds it.
 */
export const TIPMENU_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=300";

/** The page's message for a term or token range it cannot search (with the reason after it). */
export const NOT_SEARCHABLE_MESSAGE = "That cannot be searched";

/** What the form shows: the search as asked (the term as typed, the range as numbers or text). */
export interface TipMenuForm {
  term: string;
  gender: TipMenuPageGender;
  min: string;
  max: string;
}

export interface TipMenuPageData {
  form: TipMenuForm;
  /** null on /tipmenu, and when the search was refused (problem says why). */
  answer: TipMenuAnswer | null;
  problem: string | null;
  /** The items most performers ask for, as starting links; on /tipmenu only. */
  popular: PopularItem[];
}

/** "2026-11-20": when an item was last seen, the same on the server and in the browser. */
export const seenDay = (iso: string) => iso.slice(0, 10);
