/** SPEC §9: a token is refreshed when it expires within this many seconds. */
export const REFRESH_WINDOW_S = 600;
/** setTimeout's largest delay (about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Whether a token that expires at `expiresAt` (epoch seconds) is due for a refresh at `nowMs`. */
export function needsRefresh(expiresAt: number, nowMs: number): boolean {
  return expiresAt - nowMs / 1000 <= REFRESH_WINDOW_S;
}

/** How long from `nowMs` until the token enters its refresh window: 0 when it already has. */
export function refreshDelayMs(expiresAt: number, nowMs: number): number {
  const delay = (expiresAt - REFRESH_WINDOW_S) * 1000 - nowMs;
  return Math.min(Math.max(0, Math.ceil(delay)), MAX_TIMER_MS);
}
