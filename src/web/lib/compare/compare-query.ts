import {
  COMPARE_DAYS_BACK,
  COMPARE_MAX_PERFORMERS,
  type CompareDaysBack,
} from "../../../types/compare-performers.ts";

/**
 * /compare?performers=a,b,c&days=30 (issue 20): what the address asks for, read forgivingly (a
 * shared link should still open), and the address of a choice. The no-script form adds `add` (a
 * typed name) and `remove` (a chosen one); the loader folds them in and moves to the clean address.
 */
export const COMPARE_PATH = "/compare";
export const DEFAULT_DAYS: CompareDaysBack = 30;
/** A username as the platform writes them (parse-room.ts); typed names are lowercased first. */
const USERNAME = /^[a-z0-9_][a-z0-9_.-]{0,63}$/;
/** How much of a refused name the page repeats. */
const SHOWN_MAX = 40;

export const BAD_DAYS_TEXT = `Compare over 7, 30, 90 or 365 days: showing ${DEFAULT_DAYS}.`;
export const TOO_MANY_TEXT = `At most ${COMPARE_MAX_PERFORMERS} performers can be compared at once: the first ${COMPARE_MAX_PERFORMERS} are shown.`;
export const notANameText = (name: string) =>
  `"${name.length > SHOWN_MAX ? `${name.slice(0, SHOWN_MAX)}…` : name}" cannot be a performer name: letters, digits, _ . and - only.`;

export interface CompareQuery {
  /** Distinct usernames, in the order given, at most COMPARE_MAX_PERFORMERS. */
  performers: string[];
  days: CompareDaysBack;
  /** What was left out of the address, in words. */
  problems: string[];
  /** The address had `add` or `remove` (the form without scripts): the clean one replaces it. */
  edited: boolean;
}

/** A typed name as a username, or null when it cannot be one. */
export function usernameOf(text: string): string | null {
  const name = text.trim().toLowerCase();
  return USERNAME.test(name) ? name : null;
}

export function readCompareQuery(search: URLSearchParams): CompareQuery {
  const problems: string[] = [];
  const removed = new Set(search.getAll("remove").map((n) => n.trim().toLowerCase()));
  const asked = [...search.getAll("performers"), ...search.getAll("add")]
    .flatMap((value) => value.split(","))
    .map((n) => n.trim())
    .filter((n) => n !== "");
  const performers: string[] = [];
  for (const text of asked) {
    const name = usernameOf(text);
    if (name === null) problems.push(notANameText(text));
    else if (!performers.includes(name) && !removed.has(name)) performers.push(name);
  }
  if (performers.length > COMPARE_MAX_PERFORMERS) problems.push(TOO_MANY_TEXT);
  const daysText = search.get("days");
  const days = COMPARE_DAYS_BACK.find((d) => String(d) === daysText) ?? DEFAULT_DAYS;
  if (daysText !== null && daysText !== String(days)) problems.push(BAD_DAYS_TEXT);
  return {
    performers: performers.slice(0, COMPARE_MAX_PERFORMERS),
    days,
    problems,
    edited: search.has("add") || search.has("remove"),
  };
}

/** The address of a comparison; names need no escaping (a username's characters are URL-safe). */
export function comparePath(performers: readonly string[], days: CompareDaysBack = DEFAULT_DAYS): string {
  const names = performers.filter((n) => USERNAME.test(n)).slice(0, COMPARE_MAX_PERFORMERS);
  return `${COMPARE_PATH}?performers=${names.join(",")}&days=${days}`;
}
