import { Cron } from "croner";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { type DailyJobDeps, runDailyJob } from "../jobs/daily-job.ts";
import type { Logger } from "../log.ts";
import { dailyStepMetrics } from "../metrics/pipeline-metrics.ts";
import { publishBingoDataIfMissing } from "../publish/bingo-data.ts";
import type { PublishOptions } from "../publish/context.ts";
import { siteStores } from "../storage/site-stores.ts";
import type { Lifecycle } from "./lifecycle.ts";

/**
 * The daily job's time: rankings update once a day at midnight GMT (SPEC §9); 00:20 UTC because a
 * day is only closed once the next day's first 15 minutes are polled (midnight rule, daily-job.ts).
 */
export const DAILY_JOB_CRON = "20 0 * * *";

export function publishOptions(config: Config): PublishOptions {
  return {
    excludedUsername: config.RANKING_EXCLUDED_USERNAME,
    tagMinPerformers: config.TAG_MIN_PERFORMERS,
  };
}

export function dailyJobDeps(config: Config, db: Db, log: Logger): DailyJobDeps {
  return {
    db,
    root: siteStores(config).published,
    options: publishOptions(config),
    now: () => Date.now(),
    log,
  };
}

/**
 * Runs the daily job now (catching up on every missing day, in the background, while the server
 * starts and then serves) and then every day at 00:20 UTC; a run still going when the next is due
 * is not doubled. Stopping waits for a run in flight (a catch-up stops at its next day), so no day is
 * left half-published.
 */
export function startDailyJobs(config: Config, db: Db, log: Logger, lifecycle: Lifecycle): void {
  // Stopping waits for the run in flight; a catch-up ends it sooner, between days.
  const deps = { ...dailyJobDeps(config, db, log), stopRequested: () => lifecycle.stopping };
  let running: Promise<void> = Promise.resolve();
  const { failures } = dailyStepMetrics();
  const run = (): Promise<void> => {
    running = runDailyJob(deps).then(
      () => undefined,
      (error: unknown) => {
        if (lifecycle.stopping) return;
        failures.inc();
        log.error({ err: error }, "daily job failed; the next run retries the missing days");
      },
    );
    return running;
  };
  const cron = new Cron(DAILY_JOB_CRON, { timezone: "UTC", protect: true }, run);
  void run();
  lifecycle.started("the daily job", async () => {
    cron.stop();
    await running;
  });
  log.info(
    `daily rollup and publish: catching up now, then daily at 00:20 UTC (next ${cron.nextRun()?.toISOString()})`,
  );
}

/**
 * Files a page needs before the first daily run can write them (a new site has no closed day yet):
 * the bingo data file, empty until goals are seen. A failure is logged; the daily run writes it.
 */
export async function publishMissingAtStart(config: Config, db: Db, log: Logger): Promise<void> {
  try {
    const written = await publishBingoDataIfMissing(
      { db, root: siteStores(config).published, options: publishOptions(config) },
      Date.now(),
    );
    if (written !== null) log.info(`first start: wrote ${written.urlPath}`);
  } catch (error) {
    log.error({ err: error }, "could not write the bingo data file at start; the daily job writes it");
  }
}
