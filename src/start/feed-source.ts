import type { CollectorDeps } from "../collect/poll.ts";
import { PollWriter } from "../collect/write-poll.ts";
import { type Config, usesSandbox } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { PartitionCache } from "../db/queries/partitions.ts";
import type { PollSource } from "../db/schema.ts";
import type { Logger } from "../log.ts";
import {
  configuredPlatform,
  type PlatformSource,
  SANDBOX_CAMPAIGN,
  sandboxPlatform,
} from "../online-rooms/platform-source.ts";
import { FeedClient } from "../platform/feed-client.ts";
import type { SharedClock } from "../sandbox/shared-clock.ts";

/**
 * Where the collector reads: the real platform (PLATFORM_FEED_URL + AFFILIATE_WM), or the sandbox
 * platform started here in-process and read over HTTP like the real one.
 */
export interface FeedSource {
  description: string;
  /** The platform's site origin, where its profile endpoint lives (the bio fetcher reads it). */
  siteUrl: string;
  /** The same feed for the site's live-room pages, and where their links go. */
  platform: PlatformSource;
  /** Present only for the sandbox: its clock can be moved into the past for the history build. */
  sandboxClock: SharedClock | null;
  collectorDeps(source: PollSource, now: () => number, options?: { unthrottled?: boolean }): CollectorDeps;
  close(): Promise<void>;
}

export async function startFeedSource(
  config: Config,
  database: { db: Db },
  log: Logger,
): Promise<FeedSource> {
  const partitions = new PartitionCache();
  /** Collector wiring for one feed; each caller (history, live) gets a writer of its own. */
  const depsFor =
    (baseUrl: string, wm: string): FeedSource["collectorDeps"] =>
    (source, now, options = {}) => ({
      db: database.db,
      source,
      now,
      partitions,
      writer: new PollWriter(database.db, { graceWindowPolls: config.SESSION_GRACE_POLLS }),
      log,
      client: new FeedClient({
        baseUrl,
        wm,
        clientIp: config.FEED_CLIENT_IP,
        // The simulated history reads the sandbox in-process: no reason to wait between pages.
        maxRequestsPerSecond: options.unthrottled
          ? Number.POSITIVE_INFINITY
          : config.FEED_MAX_REQUESTS_PER_SECOND,
        timeoutMs: config.FEED_TIMEOUT_MS,
        maxRetries: config.FEED_MAX_RETRIES,
      }),
    });

  const real = configuredPlatform(config);
  if (!usesSandbox(config) && real) {
    const baseUrl = config.PLATFORM_FEED_URL as string;
    return {
      description: `the platform feed at ${new URL(baseUrl).host}`,
      siteUrl: new URL(baseUrl).origin,
      platform: real,
      sandboxClock: null,
      collectorDeps: depsFor(baseUrl, config.AFFILIATE_WM as string),
      close: async () => {},
    };
  }

  const started = Date.now();
  // Loaded here, when the sandbox is the data source, and nowhere else: with a real feed no sandbox
  // code is loaded at all (docs/decisions/0010-import-layers.md).
  const { startSandboxWorker } = await import("../sandbox/worker-host.ts");
  const sandbox = await startSandboxWorker({
    seed: config.SANDBOX_SEED,
    performers: config.SANDBOX_PERFORMERS,
    port: config.SANDBOX_PORT,
  });
  log.info(
    `sandbox platform with ${config.SANDBOX_PERFORMERS} performers (seed ${config.SANDBOX_SEED}) at ${sandbox.url} (${Date.now() - started} ms)`,
  );
  return {
    description: `the sandbox platform at ${sandbox.url}`,
    siteUrl: sandbox.url,
    platform: sandboxPlatform(sandbox.url, config.FEED_CLIENT_IP),
    sandboxClock: sandbox.clock,
    collectorDeps: depsFor(sandbox.url, SANDBOX_CAMPAIGN),
    close: () => sandbox.close(),
  };
}
