/**
 * The header search box's rules (SPEC §4 Search box, §5, §9), kept apart from React so they can be
 * tested alone: typing searches after a 500 ms pause, the search icon and the clear button search
 * at once, and nothing searches for a single character (a name search needs at least two; an empty
 * box searches everything).
 */

export const SEARCH_DEBOUNCE_MS = 500;

/** The page the search box opens; the term travels as its `search` query parameter. */
export const SEARCH_PATH = "/search";

/** Whether this text may start a search: empty, or more than one character (spaces around do not count). */
export function isSearchable(text: string): boolean {
  const length = text.trim().length;
  return length === 0 || length > 1;
}

/**
 * The address a search for `text` opens: `base` (the search page, or one of its gender and tag
 * variants when the visitor is already there) with the term as `search`, then the parameters of
 * `keep` (the mode, filters and sort of the search the visitor is on), no page (a new term starts
 * at page 1), and no `search` at all for an empty term.
 */
export function searchUrl(
  text: string,
  base: string = SEARCH_PATH,
  keep: URLSearchParams = new URLSearchParams(),
): string {
  const query = new URLSearchParams();
  const term = text.trim();
  if (term !== "") query.set("search", term);
  for (const [name, value] of keep) if (name !== "search" && name !== "page") query.append(name, value);
  const written = query.toString();
  return written === "" ? base : `${base}?${written}`;
}

/** Whether a path is the search page or one of its variants (/search/{gender}[/{tag}]). */
export function isSearchPath(pathname: string): boolean {
  return pathname === SEARCH_PATH || pathname.startsWith(`${SEARCH_PATH}/`);
}

/** The timers the trigger waits with; tests pass fake ones. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** What the search box tells the trigger. Each call cancels a search still waiting for its pause. */
export interface SearchTrigger {
  /** The text changed by typing: search once it has rested for SEARCH_DEBOUNCE_MS. */
  typed(text: string): void;
  /** The search icon (or Enter): search now. */
  submitted(text: string): void;
  /** The clear button: search for everything now. */
  cleared(): void;
  /** The box is going away: drop a waiting search. */
  cancel(): void;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** How a search started: after a pause in typing, or at once (the icon, Enter, the clear button). */
export type SearchStart = "typed" | "now";

/** Calls `search(text, how)` following the rules above; the caller turns the text into a URL. */
export function createSearchTrigger(
  search: (text: string, how: SearchStart) => void,
  timers: Timers = realTimers,
): SearchTrigger {
  let waiting: unknown;
  const cancel = () => {
    if (waiting !== undefined) timers.clearTimeout(waiting);
    waiting = undefined;
  };
  const now = (text: string) => {
    cancel();
    if (isSearchable(text)) search(text, "now");
  };
  return {
    typed(text) {
      cancel();
      if (!isSearchable(text)) return;
      waiting = timers.setTimeout(() => {
        waiting = undefined;
        search(text, "typed");
      }, SEARCH_DEBOUNCE_MS);
    },
    submitted: now,
    cleared: () => now(""),
    cancel,
  };
}
