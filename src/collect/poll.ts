import type { Db } from "../db/connect.ts";
import { confirmedOptouts } from "../db/queries/optouts.ts";
import type { PartitionCache } from "../db/queries/partitions.ts";
import type { PollSource, PollStatus } from "../db/schema.ts";
import type { Logger } from "../log.ts";
import type { FeedClient, SweepResult } from "../platform/feed-client.ts";
import { type ParsedRoom, SHOW_CODES } from "../platform/parse-room.ts";
import { dedupeRooms, rankRooms } from "./rank.ts";
import type { PollWriter } from "./write-poll.ts";

export interface CollectorDeps {
  db: Db;
  client: FeedClient;
  source: PollSource;
  partitions: PartitionCache;
  writer: PollWriter;
  /** Wall clock of the world being polled: real time live, the sandbox clock when simulating. */
  now: () => number;
  log?: Logger;
  /**
   * Called after a poll's write has committed, with the usernames of its rooms in public show (live
   * collection sets it to write the online-users files), the rooms stored (their subjects' goals),
   * and every valid room the sweep saw, opted-out performers' included (never stored: only read
   * for an opt-back-in code, decision 0044). Its failure is logged, never the poll's.
   */
  afterStore?: (
    summary: PollSummary,
    publicUsernames: string[],
    rooms: readonly ParsedRoom[],
    seen: readonly ParsedRoom[],
  ) => Promise<void>;
}

export interface PollSummary {
  observedAt: Date;
  status: PollStatus;
  written: boolean;
  rooms: number;
  expectedRooms: number | null;
  duplicates: number;
  malformed: number;
  excluded: number;
  requests: number;
  errors: number;
  /** Time spent writing (write-poll.ts), within durationMs. */
  writeMs: number;
  durationMs: number;
}

export function pollStatus(pagesRead: number, pagesFailed: number, expected: number | null): PollStatus {
  if (pagesRead === 0 || expected === null) return "failed";
  return pagesFailed === 0 ? "complete" : "partial";
}

/** A poll's sweep, before anything is written. */
export interface SweptPoll {
  observedAt: Date;
  startedAt: number;
  clockStart: number;
  sweep: SweepResult;
}

/** The first half of a poll: read the feed. Touches no database. */
export async function sweepPoll(deps: CollectorDeps, observedAt: Date): Promise<SweptPoll> {
  const startedAt = deps.now();
  const clockStart = performance.now();
  return { observedAt, startedAt, clockStart, sweep: await deps.client.sweep() };
}

/**
 * The second half: keep the valid rooms once each, leave out opted-out performers, rank, and write
 * it all (write-poll.ts). Ends with a one-line summary. Polls must be stored in order.
 */
export async function storePoll(deps: CollectorDeps, swept: SweptPoll): Promise<PollSummary> {
  const { observedAt, startedAt, clockStart, sweep } = swept;
  const { rooms: unique, duplicates } = dedupeRooms(sweep.rooms);
  const optedOut = await confirmedOptouts(deps.db);
  const kept = unique.filter((room) => !optedOut.has(room.username));
  const excluded = unique.length - kept.length;
  const status = pollStatus(sweep.pagesRead, sweep.pagesFailed, sweep.expectedCount);
  const ranked = rankRooms(kept, status === "complete");

  await deps.partitions.ensure(deps.db, observedAt.getTime());
  const durationMs = Math.round(performance.now() - clockStart);
  const result = await deps.writer.write(
    {
      observedAt,
      startedAt: new Date(startedAt),
      finishedAt: new Date(startedAt + durationMs),
      status,
      source: deps.source,
      expectedRooms: sweep.expectedCount,
      pages: sweep.pagesRead,
      requests: sweep.requests,
      durationMs,
      duplicates,
      malformed: sweep.malformed,
      excluded,
      errors: sweep.errors,
    },
    ranked,
  );
  const summary: PollSummary = {
    observedAt,
    status,
    written: result.written,
    rooms: kept.length,
    expectedRooms: sweep.expectedCount,
    duplicates,
    malformed: sweep.malformed,
    excluded,
    requests: sweep.requests,
    errors: sweep.errors.length,
    writeMs: result.timings.total,
    durationMs: Math.round(performance.now() - clockStart),
  };
  deps.log?.info(summary, `poll ${observedAt.toISOString()} ${status}: ${kept.length} rooms`);
  if (deps.afterStore) {
    const inPublic = kept.filter((room) => room.show === SHOW_CODES.public).map((room) => room.username);
    try {
      await deps.afterStore(summary, inPublic, kept, unique);
    } catch (error) {
      deps.log?.error({ err: error }, `after storing poll ${observedAt.toISOString()}`);
    }
  }
  return summary;
}

/** One poll, start to end: sweep the feed, then store what it gave. */
export async function collectPoll(deps: CollectorDeps, observedAt: Date): Promise<PollSummary> {
  return storePoll(deps, await sweepPoll(deps, observedAt));
}
