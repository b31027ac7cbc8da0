/**
 * The rules of go-live alerts (decision 0020), apart from the queries that apply them.
 */

const HOUR_MS = 3600_000;

/** At most one alert per performer per person in this long (issue 18). */
export const ALERT_MIN_GAP_MS = 6 * HOUR_MS;

/**
 * A complete poll is compared with the complete poll before it only when that one is at most this
 * many intervals older. After a longer gap (the site was down, the feed failed for a while, the
 * first poll ever) nobody can tell who went live when: the poll is only the start of a new
 * comparison, and nobody is mailed for having been online through it.
 */
export const BASELINE_MAX_INTERVALS = 3;

export function comparable(previous: Date | null, current: Date, intervalMs: number): previous is Date {
  return previous !== null && current.getTime() - previous.getTime() <= BASELINE_MAX_INTERVALS * intervalMs;
}

/**
 * The polls whose events one send run handles: the poll just stored and the two before it. A run
 * repeated over the same events sends nothing twice (the claims hold), so the overlap only matters
 * when a process stopped between recording a poll's events and mailing them.
 */
export function sendWindow(pollAt: Date, intervalMs: number): { from: Date; to: Date } {
  return { from: new Date(pollAt.getTime() - 2 * intervalMs), to: pollAt };
}

/** Keep go-live events this long (the feeds show 7 days; the rest is for a look back). */
export const GO_LIVE_KEPT_MS = 30 * 24 * HOUR_MS;

/** The daily digest covers the 24 hours to this hour, UTC. */
export const DIGEST_HOUR_UTC = 8;
const DAY_MS = 24 * HOUR_MS;

/** The digest due at `nowMs`: the latest DIGEST_HOUR_UTC o'clock, UTC, not after it. */
export function digestThrough(nowMs: number): Date {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS + DIGEST_HOUR_UTC * HOUR_MS;
  return new Date(today <= nowMs ? today : today - DAY_MS);
}

/**
 * The events a digest through `through` holds: those recorded after the previous digest, and
 * within the 24 hours before it (a first digest, or one after days without, is one day's).
 */
export function digestWindow(through: Date, previous: Date | null): { from: Date; to: Date } {
  const dayBefore = through.getTime() - DAY_MS;
  return { from: new Date(Math.max(dayBefore, previous?.getTime() ?? dayBefore)), to: through };
}

/** Claims grouped into mails: one per person and list. */
export function byRecipientAndList<T extends { userId: string; listId: string }>(
  claims: readonly T[],
): T[][] {
  const groups = new Map<string, T[]>();
  for (const claim of claims) {
    const key = `${claim.userId}\n${claim.listId}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [claim]);
    else group.push(claim);
  }
  return [...groups.values()];
}
