import type { Db } from "../db/connect.ts";
import { isConfirmedOptout } from "../db/queries/optouts.ts";
import {
  deleteThumbRows,
  optedOutThumbs,
  performersNeedingThumb,
  recordThumbFailure,
  recordThumbStored,
} from "../db/queries/performer-thumbs.ts";
import type { Logger } from "../log.ts";
import { thumbMetrics } from "../metrics/pipeline-metrics.ts";
import type { ImageSource } from "../platform/image-host-client.ts";
import type { StorageOrDir } from "../storage/storage.ts";
import { FetcherPause } from "./bio-backoff.ts";
import { type FetcherClock, IDLE_WAIT_MS, Pacer, systemFetcherClock } from "./bios.ts";
import { makeThumb } from "./thumb-image.ts";
import { deleteThumb, storeThumb } from "./thumb-store.ts";

/**
 * The thumbnail keeper (decision 0023): for performers in a public show in the latest poll, a
 * small profile thumbnail drawn from the platform's image host, kept under DATA_DIR/thumbs so
 * that hasThumb (SPEC §3) is true and /profile/{username}-thumb.jpg serves it. Each performer is
 * asked for at most once a UTC day, success or not, and after failures in a row only every few
 * days (thumbRetryDays); requests are spread evenly at THUMB_FETCHES_PER_MINUTE at most, in
 * batches of a minute's worth, like the bio fetcher's. Opted-out performers are never asked for,
 * and whatever was kept of them is deleted at the start of each batch.
 */
export interface ThumbKeeperDeps {
  db: Db;
  client: ImageSource;
  /** The thumbnails' store (decision 0045), or its directory (DATA_DIR/thumbs, thumbsDir). */
  dir: StorageOrDir;
  fetchesPerMinute: number;
  /** Wall clock (the UTC day, pacing) and waiting; injectable so tests control the day and never wait. */
  clock?: FetcherClock;
  log?: Logger;
}

/** Days before asking again after `failures` failed requests in a row: 2, 4, 8, 16, then 30. */
export function thumbRetryDays(failures: number): number {
  return Math.min(30, 2 ** Math.max(1, failures));
}

/** A 429's wait when the host gives no Retry-After, and the longest wait either way. */
const RATE_LIMIT_WAIT_MS = 60_000;
const MAX_RATE_LIMIT_WAIT_MS = 10 * 60_000;
const ERRORS_KEPT = 3;

export interface ThumbBatchSummary {
  picked: number;
  /** requests made to the image host */
  asked: number;
  /** thumbnails kept (new or replacing the day before's) */
  stored: number;
  /** requests that kept nothing: a status other than 200, a timeout, bytes that are not an image */
  failed: number;
  /** confirmed opt-outs found just before their request, so never asked for */
  optedOut: number;
  /** opted-out performers whose kept thumbnails were deleted */
  forgotten: number;
  /** the Retry-After of a 429, which ends the batch; null when none came */
  rateLimitedMs: number | null;
  /** the first few failures, "username: reason" */
  errors: string[];
}

/** The UTC day of an instant, YYYY-MM-DD. */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Deletes the thumbnails (files and rows) of performers who opted out; answers how many. */
export async function forgetOptedOutThumbs(db: Db, dir: StorageOrDir): Promise<number> {
  const gone = await optedOutThumbs(db);
  for (const { username } of gone) await deleteThumb(dir, username);
  await deleteThumbRows(
    db,
    gone.map((g) => g.performerId),
  );
  return gone.length;
}

/**
 * One batch: forget opted-out performers' thumbnails, pick up to a minute's worth of performers
 * due, and ask for each in its paced turn. A 429 ends the batch (the host asks us to slow down)
 * and counts as that performer's request of the day. Stopping (the signal) ends it after the
 * request in flight.
 */
export async function keepThumbBatch(
  deps: ThumbKeeperDeps,
  context: { pacer: Pacer; signal: AbortSignal },
): Promise<ThumbBatchSummary> {
  const clock = deps.clock ?? systemFetcherClock;
  const forgotten = await forgetOptedOutThumbs(deps.db, deps.dir);
  const picked = await performersNeedingThumb(deps.db, {
    today: dayOf(clock.now()),
    limit: Math.max(1, Math.floor(deps.fetchesPerMinute)),
  });
  const summary: ThumbBatchSummary = {
    picked: picked.length,
    asked: 0,
    stored: 0,
    failed: 0,
    optedOut: 0,
    forgotten,
    rateLimitedMs: null,
    errors: [],
  };
  for (const performer of picked) {
    await context.pacer.wait(context.signal);
    if (context.signal.aborted) break;
    // An opt-out confirmed since the batch was picked: do not even ask.
    if (await isConfirmedOptout(deps.db, performer.username)) {
      summary.optedOut++;
      continue;
    }
    const day = dayOf(clock.now());
    summary.asked++;
    const answer = await deps.client.fetchRoomImage(performer.username);
    let error: string;
    if (answer.kind === "found") {
      const thumb = await makeThumb(answer.bytes);
      if (thumb.ok) {
        const stored = await storeThumb(deps.dir, performer.username, thumb.jpeg).then(
          () => null,
          (cause: unknown) => `not stored: ${String(cause)}`,
        );
        if (stored === null) {
          const kept = await recordThumbStored(deps.db, {
            performerId: performer.performerId,
            day,
            storedAt: new Date(clock.now()),
            hash: thumb.hash,
          });
          // Opted out while it was being drawn: the row was not written, so neither is the file kept.
          if (kept) summary.stored++;
          else await deleteThumb(deps.dir, performer.username);
          continue;
        }
        // A disk that refuses the file is recorded like any failure: the request is not made again today.
        error = stored;
      } else {
        error = `image refused: ${thumb.refusal}`;
      }
    } else if (answer.kind === "unknown") {
      error = "HTTP 404";
    } else if (answer.kind === "rateLimited") {
      error = "HTTP 429";
      summary.rateLimitedMs = Math.min(MAX_RATE_LIMIT_WAIT_MS, answer.waitMs ?? RATE_LIMIT_WAIT_MS);
    } else {
      error = answer.error;
    }
    summary.failed++;
    if (summary.errors.length < ERRORS_KEPT) summary.errors.push(`${performer.username}: ${error}`);
    await recordThumbFailure(deps.db, { performerId: performer.performerId, day, error }, thumbRetryDays);
    if (summary.rateLimitedMs !== null) break;
  }
  return summary;
}

export interface ThumbKeeper {
  /** Resolves once the request in flight (if any) is done and recorded. */
  stop(): Promise<void>;
}

/**
 * Runs batches until stopped; a failing batch (the database away) is logged and the loop goes on.
 * A 429 waits out its Retry-After; a batch whose requests mostly failed pauses the keeper (the host
 * is down or refuses us) with the bio fetcher's growing pause.
 */
export function startThumbKeeper(deps: ThumbKeeperDeps): ThumbKeeper {
  const clock = deps.clock ?? systemFetcherClock;
  const controller = new AbortController();
  const context = { pacer: new Pacer(deps.fetchesPerMinute, clock), signal: controller.signal };
  const pause = new FetcherPause();
  const { requests } = thumbMetrics();

  const loop = (async () => {
    while (!controller.signal.aborted) {
      const started = clock.now();
      try {
        const summary = await keepThumbBatch(deps, context);
        // A 429 is one of the failed: it ends the batch, and counts as that performer's request.
        const rateLimited = summary.rateLimitedMs === null ? 0 : 1;
        requests.inc({ outcome: "stored" }, summary.stored);
        requests.inc({ outcome: "failed" }, summary.failed - rateLimited);
        requests.inc({ outcome: "rate_limited" }, rateLimited);
        if (summary.picked > 0) {
          const seconds = ((clock.now() - started) / 1000).toFixed(1);
          const line = `thumbnails: ${summary.stored} kept of ${summary.picked} picked (${summary.failed} failed) in ${seconds} s`;
          if (summary.failed > 0) deps.log?.warn(summary, line);
          else deps.log?.info(summary, line);
          const wait = summary.rateLimitedMs ?? pause.after(summary);
          if (wait !== null) {
            deps.log?.warn(
              `thumbnails: pausing for ${Math.round(wait / 1000)} s: ${summary.failed} of ${summary.asked} image requests failed (${summary.errors[0] ?? "no reason given"})`,
            );
            await clock.sleep(wait, controller.signal);
          }
          continue;
        }
      } catch (error) {
        deps.log?.error({ err: error }, "thumbnail batch failed");
      }
      await clock.sleep(IDLE_WAIT_MS, controller.signal);
    }
  })();

  return {
    async stop() {
      controller.abort();
      await loop;
    },
  };
}
