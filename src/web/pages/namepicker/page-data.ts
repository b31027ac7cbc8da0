import { liveStateText } from "../../../rules/formulas/live-state.ts";

/** How many free suggestions the page shows and how many close names it lists. */
export const SUGGESTIONS_SHOWN = 12;
export const CLOSEST_SHOWN = 10;

/** How much of ?words= is read: a few words, not an essay. */
export const WORDS_MAX_INPUT = 200;

/** Kept a minute, like the API's lists: a name's answer changes only when a new performer is seen. */
export const NAMEPICKER_CACHE_CONTROL = "public, max-age=60";

/** The page's message for a name that cannot be a username (with the parser's reason after it). */
export const NOT_A_NAME_MESSAGE = "That cannot be a username";

/** A taken name as the page lists it: the name and when its performer was last live, in words. */
export interface ShownName {
  name: string;
  lastLive: string;
}

/** The answer for /namepicker/{name}. */
export type NameCheck =
  | { kind: "free"; name: string; closest: ShownName[] }
  /** lastLive is null for a performer who opted out: the name is taken, nothing more is said. */
  | { kind: "taken"; name: string; lastLive: string | null; closest: ShownName[] }
  | { kind: "invalid"; name: string; problem: string };

export interface Suggestions {
  /** The words the names were made from (the typed ones, or a taken name's own). */
  words: string[];
  /** Free names only, each checked against every performer we have seen. */
  names: string[];
  /** Why there is nothing to show (no usable words), else null. */
  problem: string | null;
}

export interface NamePickerData {
  check: NameCheck | null;
  /** ?words= as typed (trimmed), for the form. */
  wordsInput: string;
  suggestions: Suggestions | null;
}

/**
 * When a performer was last live, in the site's words (SPEC §4, liveStateText): "live now", "live
 * recently", "live 3 days ago"; beyond a week the day itself, which says more than "not active".
 */
export function lastLiveText(lastSeenMs: number, nowMs: number): string {
  if (nowMs - lastSeenMs >= 8 * 86_400_000)
    return `last live ${new Date(lastSeenMs).toISOString().slice(0, 10)}`;
  return liveStateText(lastSeenMs, nowMs) ?? "live now";
}

/** The page's address for a name and, optionally, words (what the forms navigate to). */
export function namepickerPath(name: string | null, words = ""): string {
  const base = name === null || name === "" ? "/namepicker" : `/namepicker/${encodeURIComponent(name)}`;
  const trimmed = words.trim();
  return trimmed === "" ? base : `${base}?${new URLSearchParams({ words: trimmed })}`;
}
