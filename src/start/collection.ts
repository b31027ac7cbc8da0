import { afterStoreAll } from "../collect/after-store.ts";
import { startLiveCollector } from "../collect/scheduler.ts";
import { backfillSubjectGoals, type SubjectGoalsDeps, subjectGoalsHook } from "../collect/subject-goals.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { type OpenDatabase, openDatabase } from "../db/open.ts";
import type { GoLiveAlerts } from "../lists/go-live-alerts.ts";
import type { Logger } from "../log.ts";
import type { Mailer } from "../mail/mailer.ts";
import { siteMailer } from "../mail/site-mailer.ts";
import { claimsHook } from "../profiles/claim-check.ts";
import { optoutCodesHook } from "../profiles/optout-code-check.ts";
import { onlineUsersHook } from "../publish/online-users.ts";
import { SITE_NAME } from "../site/site-settings.ts";
import { siteStores } from "../storage/site-stores.ts";
import { type FeedSource, startFeedSource } from "./feed-source.ts";
import type { Lifecycle } from "./lifecycle.ts";

/**
 * The database and the feed the collector reads, started and registered for stopping: what both
 * entry points need first. `beforeFeed` runs between the two (the worker waits there for the lead).
 */
export async function startCollection(
  config: Config,
  log: Logger,
  lifecycle: Lifecycle,
  beforeFeed?: (database: OpenDatabase) => Promise<void>,
): Promise<{ database: OpenDatabase; feed: FeedSource }> {
  const database = await openDatabase(config, log);
  lifecycle.started("the database", database.close);
  await beforeFeed?.(database);
  const feed = await startFeedSource(config, database, log);
  lifecycle.started("the feed", feed.close);
  return { database, feed };
}

/**
 * Starts polling the feed live every POLL_INTERVAL, registered for stopping. After each poll is
 * stored: the online-users files, the performers' claims (decision 0021; `mailer` tells an earlier
 * owner, null when the site sends no mail), the opt-out codes (decision 0044), the go-live alerts, then the goals in the rooms'
 * subjects (the tip menu search, decision 0024); each logs its own failures.
 */
export function startPolling(
  config: Config,
  feed: FeedSource,
  log: Logger,
  lifecycle: Lifecycle,
  options: { db: Db; mailer: Mailer | null; origin: string; goLive: GoLiveAlerts },
): void {
  const claims = { db: options.db, mailer: options.mailer, siteName: SITE_NAME, origin: options.origin, log };
  const collector = startLiveCollector(
    {
      ...feed.collectorDeps("live", () => Date.now()),
      afterStore: afterStoreAll(
        [
          onlineUsersHook(siteStores(config).published, config.PLATFORM_ABBR, log),
          claimsHook(claims),
          optoutCodesHook({ db: options.db, log }),
          (summary) => options.goLive.afterStore(summary),
          subjectGoalsHook(subjectGoalsDeps(config, options.db, log)),
        ],
        log,
      ),
    },
    config.POLL_INTERVAL,
    { log },
  );
  lifecycle.started("the collector", collector.stop);
  log.info(`collector polling ${feed.description} every ${config.POLL_INTERVAL} s`);
}

/** How the collector keeps subject_goals, for its hook and for the fill from the history. */
export function subjectGoalsDeps(config: Config, db: Db, log: Logger): SubjectGoalsDeps {
  return {
    db,
    // A goal out of sight no longer than a session's grace is the same goal (decision 0024).
    continueWithinMs: (config.SESSION_GRACE_POLLS + 1) * config.POLL_INTERVAL * 1000,
    touchMs: config.SESSION_GRACE_POLLS * config.POLL_INTERVAL * 1000,
    log,
  };
}

/**
 * Fills subject_goals from the stored history when it is empty (a first start, right after the
 * sandbox's history is built), before the daily job publishes: otherwise the bingo data file of
 * every day of the catch-up is written from an empty table, and stays empty until the next day
 * (issue 28). The live collector's first poll would fill it too, but only after those files.
 */
export async function fillSubjectGoalsFromHistory(
  config: Config,
  db: Db,
  log: Logger,
  now = new Date(),
): Promise<void> {
  const started = performance.now();
  const written = await backfillSubjectGoals(subjectGoalsDeps(config, db, log), now);
  if (written > 0)
    log.info(
      `subject goals: ${written} filled in from the history in ${Math.round(performance.now() - started)} ms`,
    );
}

/**
 * The polling process's one mailer, for the claims check (an earlier owner is told) and the go-live
 * alerts: to SMTP_URL, or to the sink `npm start` runs; null when there is neither (then nobody can
 * have an account either).
 */
export function collectorMailer(
  config: Config,
  db: Db,
  mailSinkUrl: string | null,
  lifecycle: Lifecycle,
): Mailer | null {
  if (config.SMTP_URL === undefined && mailSinkUrl === null) return null;
  const mailer = siteMailer(config, db, mailSinkUrl);
  lifecycle.started("the collector's mailer", () => mailer.close());
  return mailer;
}
