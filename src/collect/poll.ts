import type { Db } from "../db/connect.ts";
import { confirmedOptouts } from "../db/queries/optouts.ts";
import type { PartitionCache } from "../db/queries/partitions.ts";
import type { PollSource, PollStatus } from "../db/schema.ts";
import type { Logger } from "../log.ts";
import type { FeedClient } from "../platform/feed-client.ts";
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
  durationMs: number;
}

export function pollStatus(pagesRead: number, pagesFailed: number, expected: number | null): PollStatus {
  if (pagesRead === 0 || expected === null) return "failed";
  return pagesFailed === 0 ? "complete" : "partial";
}

/**
 * One poll: sweep the feed, keep the valid rooms once each, leave out opted-out performers, rank,
 * and write it all (write-poll.ts). Ends with a one-line summary.
 */
export async function collectPoll(deps: CollectorDeps, observedAt: Date): Promise<PollSummary> {
  const startedAt = deps.now();
  const clockStart = performance.now();
  const sweep = await deps.client.sweep();

  const malformed = sweep.malformed;
  const { rooms: unique, duplicates } = dedupeRooms(sweep.rooms);
  const optedOut = await confirmedOptouts(deps.db);
  const kept = unique.filter((room) => !optedOut.has(room.username));
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
      malformed,
      excluded: unique.length - kept.length,
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
    malformed,
    excluded: unique.length - kept.length,
    requests: sweep.requests,
    errors: sweep.errors.length,
    durationMs: Math.round(performance.now() - clockStart),
  };
  deps.log?.info(summary, `poll ${observedAt.toISOString()} ${status}: ${kept.length} rooms`);
  return summary;
}
