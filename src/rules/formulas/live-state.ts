/** SPEC §4: live means in the online list or seen under 5 minutes ago. */
export const LIVE_WITHIN_MS = 5 * 60_000;

/** An online list older than this is not "now" (the collector has stopped, or fails): it counts as sightings only. */
export const ONLINE_LIST_VALID_MS = 10 * 60_000;

/** Whether an online list observed at `observedAtMs` still says who is online at `nowMs`. */
export function onlineListIsCurrent(observedAtMs: number, nowMs: number): boolean {
  return nowMs - observedAtMs <= ONLINE_LIST_VALID_MS;
}

const DAY_MS = 86_400_000;

/**
 * What a performer's live state reads (SPEC §4): null when live (in the online list, or seen under
 * 5 minutes ago; the page shows its live badge instead); 'live recently' within a day of the last
 * sighting; 'live N days ago' for 1 to 7 whole days ('1 day' in the singular); beyond a week,
 * 'not active last week' (docs/formulas.md). A performer never seen broadcasting reads the same.
 */
export function liveStateText(lastSeenMs: number | null, nowMs: number, inOnlineList = false): string | null {
  if (inOnlineList) return null;
  if (lastSeenMs === null) return "not active last week";
  const ago = nowMs - lastSeenMs;
  if (ago < LIVE_WITHIN_MS) return null;
  if (ago < DAY_MS) return "live recently";
  const days = Math.floor(ago / DAY_MS);
  if (days <= 7) return `live ${days} ${days === 1 ? "day" : "days"} ago`;
  return "not active last week";
}
