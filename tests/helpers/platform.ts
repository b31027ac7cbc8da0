import type { CollectorDeps } from "../../src/collect/poll.ts";
import { PollWriter } from "../../src/collect/write-poll.ts";
import type { Db } from "../../src/db/connect.ts";
import { PartitionCache } from "../../src/db/queries/partitions.ts";
import { FeedClient, type FeedClientOptions } from "../../src/platform/feed-client.ts";
import { ManualClock } from "../../src/sandbox/clock.ts";
import { createPopulation, type Population } from "../../src/sandbox/population.ts";
import { type SandboxServer, startSandbox } from "../../src/sandbox/server.ts";

export interface TestPlatform {
  population: Population;
  clock: ManualClock;
  sandbox: SandboxServer;
}

/** A sandbox platform on a manual clock, served over HTTP on a free port. */
export async function startTestPlatform(options: {
  performers: number;
  seed: number;
  at: number;
}): Promise<TestPlatform> {
  const population = createPopulation({ seed: options.seed, performers: options.performers });
  const clock = new ManualClock(options.at);
  const sandbox = await startSandbox({ population, clock });
  sandbox.faults.set({ extraFields: true });
  return { population, clock, sandbox };
}

/** Collector wiring as `npm start` makes it, reading the test platform; retries are quick. */
export function testCollector(
  db: Db,
  platform: TestPlatform,
  client: Partial<FeedClientOptions> = {},
): CollectorDeps {
  return {
    db,
    source: "live",
    now: () => platform.clock.now(),
    partitions: new PartitionCache(),
    writer: new PollWriter(db, { graceWindowPolls: 3 }),
    client: new FeedClient({
      baseUrl: platform.sandbox.url,
      wm: "test",
      clientIp: "request_ip",
      maxRequestsPerSecond: Number.POSITIVE_INFINITY,
      timeoutMs: 5_000,
      maxRetries: 3,
      retryBaseMs: 5,
      pageSize: 500,
      ...client,
    }),
  };
}
