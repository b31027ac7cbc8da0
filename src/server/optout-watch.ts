import type { Db } from "../db/connect.ts";
import { optoutsFingerprint } from "../db/queries/optouts.ts";

/**
 * Whether the confirmed opt-outs changed since the last look, looked at most every `everyMs` (one
 * small read): the page cache is dropped whole when they did, so that an opt-out takes effect in
 * the pages at once in every server process (decision 0021), not when the kept page expires. The
 * first look only sets the baseline; a failed look changes nothing and is tried again later.
 */
export function optoutWatch(db: Db, options: { everyMs?: number; now?: () => number } = {}) {
  const everyMs = options.everyMs ?? 1000;
  const now = options.now ?? Date.now;
  let last: string | null = null;
  let lookedAt = Number.NEGATIVE_INFINITY;
  let looking: Promise<boolean> | null = null;
  return {
    changed(): Promise<boolean> {
      if (now() - lookedAt < everyMs) return Promise.resolve(false);
      looking ??= optoutsFingerprint(db)
        .then(
          (fingerprint) => {
            const changed = last !== null && fingerprint !== last;
            last = fingerprint;
            return changed;
          },
          () => false,
        )
        .finally(() => {
          lookedAt = now();
          looking = null;
        });
      return looking;
    },
  };
}
