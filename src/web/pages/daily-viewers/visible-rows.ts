/** SPEC §9: the daily ranking is a Top 100, 50 rows shown collapsed and 100 expanded. */
export const COLLAPSED_ROWS = 50;
export const EXPANDED_ROWS = 100;

export interface RowState {
  expanded: boolean;
  /** 'Live only' (SPEC §4): rows not in the online list are hidden. */
  liveOnly: boolean;
}

/**
 * The rows on screen: the first 50 or 100, then, with 'Live only', those that are live. `live` is
 * null when nobody's live state is known (a crawler, or no recent online list): the filter then
 * has nothing to go by and hides nothing.
 */
export function visibleRows<T extends { u: string }>(
  rows: readonly T[],
  state: RowState,
  live: ReadonlySet<string> | null,
): T[] {
  const shown = rows.slice(0, state.expanded ? EXPANDED_ROWS : COLLAPSED_ROWS);
  return state.liveOnly && live !== null ? shown.filter((row) => live.has(row.u)) : shown;
}

/** The highest ranked live performer: the floating preview's (SPEC §2), or null when none is live. */
export function topLive<T extends { u: string }>(
  rows: readonly T[],
  live: ReadonlySet<string> | null,
): T | null {
  if (live === null) return null;
  return rows.find((row) => live.has(row.u)) ?? null;
}
