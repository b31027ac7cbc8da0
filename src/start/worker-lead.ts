import pg from "pg";
import { LOCKS } from "../jobs/advisory-lock.ts";
import type { Logger } from "../log.ts";
import { workerLeadMetric } from "../metrics/pipeline-metrics.ts";
import type { Lifecycle } from "./lifecycle.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One worker of a fleet leads: it alone polls the feed, builds the history and runs the jobs. The
 * lead is a PostgreSQL session advisory lock held on a connection of its own for the worker's whole
 * life, so a worker that dies loses it with its connection. A second worker started beside it waits
 * here, trying again every `retryMs`, and takes over when the first stops. A leader whose lock
 * connection breaks stops at once: the lock is gone, another worker may already lead (decision 0052).
 */
export async function takeWorkerLead(
  databaseUrl: string,
  log: Logger,
  lifecycle: Lifecycle,
  options: { retryMs?: number } = {},
): Promise<void> {
  const retryMs = options.retryMs ?? 2000;
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "camstats-worker-lead" });
  let leading = false;
  let closing = false;
  const lost = (why: string) => {
    if (closing || lifecycle.stopping) return;
    if (!leading) {
      log.error(`the worker's lock connection failed while waiting for the lead: ${why}`);
    }
    void lifecycle.shutdown(`the worker's lock connection was lost (${why})`, 1);
  };
  client.on("error", (error) => lost(error.message));
  client.on("end", () => lost("the connection ended"));
  await client.connect();
  lifecycle.started("the worker's lead", async () => {
    closing = true;
    await client.end();
  });
  const metric = workerLeadMetric();
  metric.set(0);
  let said = false;
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_lock($1::bigint) AS locked",
      [LOCKS.workerLead],
    );
    if (rows[0]?.locked) break;
    if (!said) {
      log.info("another worker leads this fleet: this one waits, and takes over when that one stops");
      said = true;
    }
    await sleep(retryMs);
    if (lifecycle.stopping) return new Promise<never>(() => {});
  }
  leading = true;
  metric.set(1);
  log.info(said ? "the worker that led has stopped: this one leads now" : "this worker leads the fleet");
}
