import type { Db } from "../db/connect.ts";
import { markCodesBioChecked } from "../db/queries/optout-codes.ts";
import { isConfirmedOptout } from "../db/queries/optouts.ts";
import {
  type BioCandidate,
  type BioFailure,
  type BioRow,
  clearBioFailures,
  performersNeedingBio,
  recordBioFailures,
  storeBios,
} from "../db/queries/performer-bios.ts";
import type { Logger } from "../log.ts";
import { bioMetrics } from "../metrics/pipeline-metrics.ts";
import type { BioAnswer, BioSource } from "../platform/bio-client.ts";
import { bioRetryDelayMs, FetcherPause } from "./bio-backoff.ts";
import { cleanAboutMe } from "./bio-text.ts";

/**
 * The bio fetcher: performers' about-me texts from the platform's profile endpoint, which the
 * summaries search reads (performer_bios). The feed has no such text, so each performer the
 * collector has seen is asked for once, then again every BIO_REFRESH_DAYS, at most
 * BIO_FETCHES_PER_MINUTE requests a minute spread evenly, so the platform sees a slow steady trickle
 * rather than bursts. Work goes in batches of one minute's worth (one query picks them), stored
 * STORE_EVERY texts to a statement and at the batch's end: a crash loses only what was not stored
 * yet, which is simply fetched again. A performer whose request failed waits longer after each
 * failure before it is asked again, and a batch that mostly failed pauses the whole fetcher
 * (src/collect/bio-backoff.ts).
 */
export interface BioFetcherDeps {
  db: Db;
  client: BioSource;
  fetchesPerMinute: number;
  refreshDays: number;
  /**
   * What to do with a performer's freshly read about-me while an opt-out code waits for them
   * (decision 0044: profiles' actOnOptoutCodes, wired by the composition root): called before the
   * text is stored, so an opt-out found keeps it out. Without it such texts are only stored.
   */
  lookForOptoutCodes?: (performer: { username: string; text: string }, at: Date) => Promise<unknown>;
  /** Wall clock (fetched_at, the refresh cutoff, pacing) and waiting; injectable so tests never wait. */
  clock?: FetcherClock;
  log?: Logger;
}

export interface FetcherClock {
  now(): number;
  /** Resolves after ms, or as soon as the signal aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemFetcherClock: FetcherClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      signal.addEventListener("abort", done);
    }),
};

const DAY_MS = 86_400_000;
/**
 * While someone claims to be a performer (decision 0021), their about-me is read at once, then
 * again at most this often: the code may be put there any time within its 48 hours.
 */
export const CLAIM_BIO_RECHECK_MS = 2 * 60_000;
/** When nothing is due, look again after this long: new performers appear with every poll. */
export const IDLE_WAIT_MS = 60_000;
/** Back-off after a 429 without Retry-After, doubling per 429 in a row, and the longest wait either way. */
const RATE_LIMIT_BACKOFF_MS = 10_000;
const MAX_RATE_LIMIT_WAIT_MS = 10 * 60_000;

export interface BioBatchSummary {
  picked: number;
  /** profile requests made (a 429 waited out and asked again counts once) */
  asked: number;
  /** texts written (new or refreshed), empty ones included */
  stored: number;
  /** 404s, stored as "" */
  unknown: number;
  /** other statuses, timeouts, bodies that do not parse: not stored, asked again after a back-off */
  failed: number;
  /** 429 answers waited out */
  rateLimited: number;
  /** confirmed opt-outs found just before their request, so never asked for */
  optedOut: number;
  /** the first few failures, "username: reason" (one log line for a batch, not one per failure) */
  errors: string[];
}

const ERRORS_KEPT = 3;
/** Texts written per statement: every 10 s at the default rate, so progress shows and little is lost. */
export const STORE_EVERY = 50;

/** Spaces request starts evenly: never closer than one minute divided by the rate. */
export class Pacer {
  private next = Number.NEGATIVE_INFINITY;
  private readonly spacingMs: number;

  constructor(
    fetchesPerMinute: number,
    private readonly clock: FetcherClock,
  ) {
    this.spacingMs = 60_000 / fetchesPerMinute;
  }

  async wait(signal: AbortSignal): Promise<void> {
    const now = this.clock.now();
    const at = Math.max(this.next, now);
    if (at > now) await this.clock.sleep(at - now, signal);
    this.next = at + this.spacingMs;
  }
}

/** Everything one batch needs besides the dependencies: the pacing that carries over between batches, and the stop signal. */
export interface BatchContext {
  pacer: Pacer;
  signal: AbortSignal;
}

/**
 * One batch: pick up to a minute's worth of performers, fetch each in turn, store what came back.
 * Stopping (the signal) lets the request in flight finish and stores what was fetched.
 */
export async function fetchBioBatch(deps: BioFetcherDeps, context: BatchContext): Promise<BioBatchSummary> {
  const clock = deps.clock ?? systemFetcherClock;
  const picked = await performersNeedingBio(deps.db, {
    staleBefore: new Date(clock.now() - deps.refreshDays * DAY_MS),
    limit: Math.max(1, Math.floor(deps.fetchesPerMinute)),
    now: new Date(clock.now()),
    claimRecheckBefore: new Date(clock.now() - CLAIM_BIO_RECHECK_MS),
  });
  const summary: BioBatchSummary = {
    picked: picked.length,
    asked: 0,
    stored: 0,
    unknown: 0,
    failed: 0,
    rateLimited: 0,
    optedOut: 0,
    errors: [],
  };
  const rows: BioRow[] = [];
  const failures: BioFailure[] = [];
  const flush = async () => {
    await clearBioFailures(
      deps.db,
      rows.map((row) => row.performerId),
    );
    summary.stored += await storeBios(deps.db, rows.splice(0));
    await recordBioFailures(deps.db, failures.splice(0), bioRetryDelayMs);
  };

  for (const performer of picked) {
    const outcome = await ask(deps, clock, context, performer, summary);
    if (outcome.kind === "stopped") break;
    if (outcome.kind !== "optedOut") summary.asked++;
    const fetchedAt = new Date(clock.now());
    if (performer.codePending) await markCodesBioChecked(deps.db, performer.performerId, fetchedAt);
    switch (outcome.kind) {
      case "found": {
        const aboutMe = cleanAboutMe(outcome.aboutMe);
        // Before the text is stored: an opt-out code found makes storeBios leave it out, an
        // opt-back-in code lets it in (decision 0044).
        if (performer.codePending)
          await deps.lookForOptoutCodes?.({ username: performer.username, text: aboutMe }, fetchedAt);
        rows.push({ performerId: performer.performerId, aboutMe, fetchedAt });
        break;
      }
      case "unknown":
        // Stored empty, so a performer the platform forgot is not asked for again before the refresh.
        summary.unknown++;
        rows.push({ performerId: performer.performerId, aboutMe: "", fetchedAt });
        break;
      case "failed":
        summary.failed++;
        failures.push({ performerId: performer.performerId, error: outcome.error, failedAt: fetchedAt });
        if (summary.errors.length < ERRORS_KEPT)
          summary.errors.push(`${performer.username}: ${outcome.error}`);
        break;
      case "optedOut":
        summary.optedOut++;
        break;
    }
    if (rows.length + failures.length >= STORE_EVERY) await flush();
  }
  await flush();
  return summary;
}

type Outcome = Exclude<BioAnswer, { kind: "rateLimited" }> | { kind: "optedOut" } | { kind: "stopped" };

/** One performer's text, asked for in its paced turn; a 429 is waited out and asked again. */
async function ask(
  deps: BioFetcherDeps,
  clock: FetcherClock,
  { pacer, signal }: BatchContext,
  { username, codePending }: BioCandidate,
  summary: BioBatchSummary,
): Promise<Outcome> {
  for (let rateLimitedInARow = 1; ; rateLimitedInARow++) {
    await pacer.wait(signal);
    if (signal.aborted) return { kind: "stopped" };
    // An opt-out confirmed since the batch was picked: do not even ask, unless an opt-out code
    // waits (an opted-out performer's way back in; their text is looked at, not stored).
    if (!codePending && (await isConfirmedOptout(deps.db, username))) return { kind: "optedOut" };
    const answer = await deps.client.fetchBio(username);
    if (answer.kind !== "rateLimited") return answer;
    summary.rateLimited++;
    const wait = Math.min(
      MAX_RATE_LIMIT_WAIT_MS,
      answer.waitMs ?? RATE_LIMIT_BACKOFF_MS * 2 ** (rateLimitedInARow - 1),
    );
    deps.log?.warn(`bio of ${username}: HTTP 429, waiting ${Math.round(wait / 1000)} s`);
    await clock.sleep(wait, signal);
  }
}

export interface BioFetcher {
  /** Resolves once the request in flight (if any) has finished and its batch is stored. */
  stop(): Promise<void>;
}

/**
 * Runs batches until stopped; a failing batch (the database away) is logged and the loop goes on.
 * A batch whose requests mostly failed pauses the fetcher (the profile endpoint is down or refuses
 * us): it says why, waits, and resumes by itself.
 */
export function startBioFetcher(deps: BioFetcherDeps): BioFetcher {
  const clock = deps.clock ?? systemFetcherClock;
  const controller = new AbortController();
  const context: BatchContext = { pacer: new Pacer(deps.fetchesPerMinute, clock), signal: controller.signal };
  const pause = new FetcherPause();
  const { requests } = bioMetrics();

  const loop = (async () => {
    while (!controller.signal.aborted) {
      const started = clock.now();
      try {
        const summary = await fetchBioBatch(deps, context);
        // Every request asked is found (its text stored), unknown (404) or failed.
        requests.inc({ outcome: "stored" }, Math.max(0, summary.asked - summary.unknown - summary.failed));
        requests.inc({ outcome: "unknown" }, summary.unknown);
        requests.inc({ outcome: "failed" }, summary.failed);
        requests.inc({ outcome: "rate_limited" }, summary.rateLimited);
        if (summary.picked > 0) {
          const seconds = ((clock.now() - started) / 1000).toFixed(1);
          const line = `bios: ${summary.stored} stored of ${summary.picked} picked (${summary.unknown} unknown, ${summary.failed} failed, ${summary.rateLimited} rate-limited) in ${seconds} s`;
          if (summary.failed > 0) deps.log?.warn(summary, line);
          else deps.log?.info(summary, line);
          const wait = pause.after(summary);
          if (wait !== null) {
            deps.log?.warn(
              `bios: pausing for ${Math.round(wait / 60_000)} min: ${summary.failed} of ${summary.asked} profile requests failed (${summary.errors[0] ?? "no reason given"})`,
            );
            await clock.sleep(wait, controller.signal);
            if (!controller.signal.aborted) deps.log?.info("bios: resuming after the pause");
          }
          continue;
        }
      } catch (error) {
        deps.log?.error({ err: error }, "bio batch failed");
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
