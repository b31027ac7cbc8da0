/**
 * How long the bio fetcher leaves a failing profile alone, and when it pauses altogether. The
 * platform sees every request we make: a profile that keeps failing must cost it a few requests
 * a day, not one in every batch, and an endpoint that fails for most performers is given a rest.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The first retry after one failure; each further failure in a row multiplies it by GROWTH. */
export const FIRST_RETRY_MS = MINUTE_MS;
export const RETRY_GROWTH = 4;
export const LONGEST_RETRY_MS = DAY_MS;

/**
 * The wait before asking again after `failures` failures in a row: 1, 4, 16, 64, 256 and 1,024
 * minutes, then a day. A profile that always fails is asked 7 times in its first day and once a
 * day after that.
 */
export function bioRetryDelayMs(failures: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * RETRY_GROWTH ** Math.max(0, failures - 1));
}

/** A batch with at least this many requests, more than half of them failed, pauses the fetcher. */
export const PAUSE_MIN_REQUESTS = 3;
export const FIRST_PAUSE_MS = MINUTE_MS;
export const LONGEST_PAUSE_MS = 60 * MINUTE_MS;

/**
 * The fetcher's pause after a batch: null when the batch went well (or asked too few to judge),
 * else a wait that doubles with each failing batch in a row, from a minute up to an hour.
 */
export class FetcherPause {
  private failingBatches = 0;

  after(batch: { asked: number; failed: number }): number | null {
    if (batch.asked < PAUSE_MIN_REQUESTS || batch.failed * 2 <= batch.asked) {
      this.failingBatches = 0;
      return null;
    }
    this.failingBatches++;
    return Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (this.failingBatches - 1));
  }
}
