import { loadConfig } from "./config.ts";
import { runDailyJob } from "./jobs/daily-job.ts";
import { parseRebuildArgs } from "./jobs/rebuild-args.ts";
import { createLogger } from "./log.ts";
import { dailyJobDeps } from "./start/daily-schedule.ts";
import { createLifecycle, runProcess } from "./start/lifecycle.ts";
import { openToolDatabase } from "./start/tool-database.ts";

/**
 * `npm run rebuild -- --from YYYY-MM-DD --to YYYY-MM-DD`: recomputes the derived tables and the
 * files of those days (and the latest editions when the range reaches the newest day). The same
 * data gives byte-identical files, so running it twice changes nothing the second time.
 */
const lifecycle = createLifecycle();
runProcess(lifecycle, "rebuild", async () => {
  let range: { from: string; to: string };
  try {
    range = parseRebuildArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, "rebuild");
  lifecycle.log = log;
  const database = await openToolDatabase(config, log);
  lifecycle.started("the database", database.close);
  const result = await runDailyJob(dailyJobDeps(config, database.db, log), range);
  if (!result.ran) {
    process.stderr.write(
      "another process is running the daily job right now; run the rebuild again when it is done\n",
    );
    await lifecycle.shutdown("rebuild", 1);
    return;
  }
  if (result.days.length === 0)
    process.stderr.write(`no polled days between ${range.from} and ${range.to}\n`);
  await lifecycle.shutdown("rebuild done");
});
