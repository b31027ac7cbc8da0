import { SingleBar } from "cli-progress";
import { buildHistory, planHistory } from "../collect/history.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import type { Logger } from "../log.ts";
import type { FeedSource } from "./feed-source.ts";

/**
 * Builds the first-start history when reading the sandbox and the database has no live polls yet
 * (an interrupted build resumes where it stopped). Reading the real platform, it does nothing.
 */
export async function runHistoryIfNeeded(
  config: Config,
  db: Db,
  feed: FeedSource,
  log: Logger,
): Promise<void> {
  const clock = feed.sandboxClock;
  if (!clock) return;
  const endMs = Date.now();
  const plan = await planHistory(db, config.HISTORY_DAYS, endMs);
  if (plan.instants.length === 0) return;
  log.info(
    `${plan.resumed ? "resuming" : "building"} ${config.HISTORY_DAYS} days of sandbox history: ${plan.instants.length} simulated polls`,
  );
  const started = Date.now();
  const bar = process.stderr.isTTY
    ? new SingleBar({
        format: "history [{bar}] {percentage}% | {value}/{total} polls | {day} | eta {eta}s",
        hideCursor: true,
      })
    : null;
  bar?.start(plan.instants.length, 0, { day: "" });
  let lastLoggedTenth = 0;
  const { log: _quiet, ...deps } = feed.collectorDeps("simulated", () => endMs, { unthrottled: true });
  const result = await buildHistory(deps, clock, plan.instants, (done, total, last) => {
    bar?.update(done, { day: last.observedAt.toISOString().slice(0, 16) });
    const tenth = Math.floor((done / total) * 10);
    if (!bar && tenth > lastLoggedTenth) {
      lastLoggedTenth = tenth;
      log.info(`history ${tenth * 10}% (${done}/${total} polls)`);
    }
  });
  bar?.stop();
  clock.followRealTime();
  log.info(
    `history built: ${result.polls} polls, ${result.rooms} snapshots in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
