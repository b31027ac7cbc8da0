import { readFileSync } from "node:fs";
import { collectPoll } from "../src/collect/poll.ts";
import { subjectGoalsHook } from "../src/collect/subject-goals.ts";
import { PollWriter } from "../src/collect/write-poll.ts";
import { connect } from "../src/db/connect.ts";
import { PartitionCache } from "../src/db/queries/partitions.ts";
import { FeedClient } from "../src/platform/feed-client.ts";

/**
 * The collector side of `npm run bench:ingest`, in a process of its own so its peak RSS is the
 * collector's alone (the sandbox's million performers live in the parent). The parent sets the
 * sandbox clock before each poll: it sends {poll: instant}, we answer with the poll's timings (the
 * subject goals hook's apart: it runs after the poll's write, as in the live collector).
 */

interface Start {
  databaseUrl: string;
  feedUrl: string;
}

function peakRssMb(): number {
  const status = readFileSync("/proc/self/status", "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const send = (message: unknown) => process.send?.(message);

process.once("message", (start: Start) => {
  const connection = connect(start.databaseUrl, { max: 2 });
  const goals = subjectGoalsHook({ db: connection.db, continueWithinMs: 4 * 60_000 });
  let goalsMs = 0;
  const deps = {
    db: connection.db,
    client: new FeedClient({
      baseUrl: start.feedUrl,
      wm: "bench",
      clientIp: "request_ip",
      maxRequestsPerSecond: Number.POSITIVE_INFINITY,
      timeoutMs: 60_000,
      maxRetries: 0,
    }),
    source: "live" as const,
    partitions: new PartitionCache(),
    writer: new PollWriter(connection.db, { graceWindowPolls: 3 }),
    now: () => Date.now(),
    // As the live collector runs it: the subject goals after each stored poll (decision 0024), timed.
    afterStore: async (...args: Parameters<ReturnType<typeof subjectGoalsHook>>) => {
      const started = performance.now();
      await goals(...args);
      goalsMs = performance.now() - started;
    },
  };
  process.on("message", async (message: { poll?: number; done?: boolean }) => {
    if (message.done) {
      send({ peakRssMb: peakRssMb() });
      await connection.close();
      process.exit(0);
    }
    if (message.poll === undefined) return;
    const started = performance.now();
    const summary = await collectPoll(deps, new Date(message.poll));
    send({
      ms: performance.now() - started,
      rooms: summary.rooms,
      goalsMs,
      status: summary.status,
      requests: summary.requests,
    });
  });
  send({ ready: true });
});
