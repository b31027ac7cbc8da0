import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { connect, ensureDatabase } from "../src/db/connect.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { yesterdayUtc } from "../src/site/shown-days.ts";
import type { CompareAnswer } from "../src/types/compare-performers.ts";
import { benchAuth, benchBearer } from "./bench-identity.ts";
import type { LoadResult } from "./http-load.ts";
import { runPacedLoad } from "./http-paced.ts";
import { reportLoad } from "./paced-report.ts";
import { ms } from "./search-report.ts";
import { startServerChild } from "./search-server-child.ts";

/**
 * `npm run bench:compare`: POST /v1/compare_performers at a year (issue 20). One server process
 * (accounts on) over an embedded PostgreSQL holding --performers performers with a year of history
 * each, written straight into the table the call reads: a performer_days row on 4 days in 5, online
 * on most of them, with its average viewers (migration 0022). Each load is paced at --rate
 * for --duration seconds, signed in:
 *
 *   (a) GET /about, a page the page cache keeps: the same run's floor;
 *   (b) GET /v1/user_info, a signed-in call (the token's check and a few small reads): the baseline;
 *   (c) POST /v1/compare_performers, 5 performers over 365 days, each request another five;
 *   (d) the same over 30 days.
 *
 * Target (issue 20): p95 under 100 ms at 50/s for (c).
 */

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    rate: { type: "string", default: "50" },
    performers: { type: "string", default: "2000" },
  },
});
const DURATION = Number(args.duration);
const RATE = Number(args.rate);
const PERFORMERS = Number(args.performers);
for (const [name, value] of Object.entries({ DURATION, RATE, PERFORMERS })) {
  if (!Number.isInteger(value) || value < 5) {
    console.error(`--${name.toLowerCase()} expects a whole number of at least 5`);
    process.exit(2);
  }
}
const TARGET_P95_MS = 100;
const PASSWORD = "bench-orchid-lantern-42";
const EMAIL = "compare@example.com";
/** Distinct request bodies the loads cycle through. */
const BODIES = 500;

const nameOf = (i: number) => `bench${String(i).padStart(6, "0")}`;

/** Five distinct performers for request i, spread over all of them (a fixed sequence). */
function fiveOf(i: number): string[] {
  const chosen = new Set<number>();
  let x = (i * 2_654_435_761) >>> 0;
  while (chosen.size < 5) {
    x = (x * 1_103_515_245 + 12_345) >>> 0;
    chosen.add(1 + (x % PERFORMERS));
  }
  return [...chosen].map(nameOf);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "camstats-bench-compare-"));
  const pg = await startEmbeddedPostgres({ dataDir, port: 0 });
  const failures: string[] = [];
  try {
    await ensureDatabase(pg.adminUrl, "bench_compare");
    const databaseUrl = pg.urlFor("bench_compare");
    const lastDay = yesterdayUtc(Date.now());
    const { db, close } = connect(databaseUrl, { max: 2 });
    try {
      await migrateToLatest(db);
      const started = performance.now();
      await sql`
        INSERT INTO performers (username, display_name, gender, followers, first_seen, last_seen)
        SELECT 'bench' || lpad(i::text, 6, '0'), 'Bench ' || i, (ARRAY['f', 'm', 'c', 't'])[1 + i % 4],
          1000 + i * 10, now() - interval '400 days', now()
        FROM generate_series(1, ${PERFORMERS}) AS i`.execute(db);
      // Day k back from the last day; a row on 4 days in 5, online (30 to 359 minutes) on most.
      await sql`
        INSERT INTO performer_days (performer_id, day, peak_viewers, followers, follower_gain, minutes_online,
          stream_count, best_rank, best_gender_rank, seen_in_public, avg_viewers, viewer_seconds)
        SELECT p.performer_id, ${lastDay}::date - k,
          CASE WHEN online THEN 20 + (p.performer_id * 7 + k * 13) % 900 END,
          1000 + p.performer_id * 10 + (365 - k) * 3, 3,
          CASE WHEN online THEN 30 + (p.performer_id * 11 + k * 29) % 330 ELSE 0 END,
          CASE WHEN online THEN 1 ELSE 0 END,
          CASE WHEN online THEN 1 + (p.performer_id * 13 + k * 7) % 5000 END,
          CASE WHEN online THEN 1 + (p.performer_id * 13 + k * 7) % 2000 END,
          online,
          CASE WHEN online THEN 10 + (p.performer_id * 17 + k * 31) % 600 + 0.25 END,
          CASE WHEN online THEN (30 + (p.performer_id * 11 + k * 29) % 330) * 60 ELSE 0 END
        FROM performers p, generate_series(0, 364) AS k,
          LATERAL (SELECT (p.performer_id * 3 + k * 5) % 7 <> 0 AS online) o
        WHERE (p.performer_id + k) % 5 <> 0`.execute(db);
      await sql`ANALYZE`.execute(db);
      await benchAuth(db).api.signUpEmail({ body: { email: EMAIL, password: PASSWORD, name: "" } });
      await db.updateTable("users").set({ email_verified: true }).execute();
      const { rows } = await sql<{ days: string }>`SELECT COUNT(*)::text AS days FROM performer_days`.execute(
        db,
      );
      console.log(
        `${PERFORMERS} performers, ${rows[0]?.days} performer_days rows (a year to ${lastDay}), ` +
          `written in ${ms(performance.now() - started)}`,
      );
    } finally {
      await close();
    }
    const publishDir = path.join(dataDir, "publish");
    await mkdir(publishDir, { recursive: true });
    const server = await startServerChild({
      databaseUrl,
      publishDir,
      mode: "static",
      now: Date.now(),
      accounts: true,
      pool: 10,
    });
    try {
      const bearer = await benchBearer(server.url, EMAIL, PASSWORD);
      const bodiesOf = (daysBack: number) =>
        Array.from({ length: BODIES }, (_, i) => JSON.stringify({ performers: fiveOf(i), daysBack }));
      const year = bodiesOf(365);
      const month = bodiesOf(30);
      const first = await fetch(`${server.url}/v1/compare_performers`, {
        method: "POST",
        headers: { ...bearer, "content-type": "application/json" },
        body: year[0],
      });
      const answer = (await first.json()) as CompareAnswer;
      const found = answer.performers?.filter((p) => p.found) ?? [];
      if (first.status !== 200 || found.length !== 5 || found.some((p) => p.found && p.days.length !== 365))
        throw new Error(
          `compare_performers answered ${first.status}: ${JSON.stringify(answer).slice(0, 300)}`,
        );
      // Warm: the JIT, the key set, the page cache, PostgreSQL's buffers.
      await runPacedLoad(server.url, ["/about"], { connections: 5, seconds: 2, rate: 50 });
      await runPacedLoad(server.url, ["/v1/compare_performers"], {
        connections: 10,
        seconds: 3,
        rate: RATE,
        headers: bearer,
        bodies: year,
      });

      const loads: [string, string, Record<string, string> | undefined, readonly string[] | undefined][] = [
        ["(a) GET /about (floor)", "/about", undefined, undefined],
        ["(b) GET /v1/user_info signed in (baseline)", "/v1/user_info", bearer, undefined],
        ["(c) POST /v1/compare_performers 5 x 365 days", "/v1/compare_performers", bearer, year],
        ["(d) POST /v1/compare_performers 5 x 30 days", "/v1/compare_performers", bearer, month],
      ];
      const results: Record<string, LoadResult> = {};
      for (const [label, urlPath, headers, bodies] of loads) {
        const result = await runPacedLoad(server.url, [urlPath], {
          connections: 20,
          seconds: DURATION,
          rate: RATE,
          ...(headers === undefined ? {} : { headers }),
          ...(bodies === undefined ? {} : { bodies }),
        });
        results[label] = result;
        reportLoad(
          label,
          result,
          { judged: label.startsWith("(c)"), p95Ms: TARGET_P95_MS, rate: RATE },
          failures,
        );
      }
      console.log(`\n${JSON.stringify(results)}`);
    } finally {
      await server.stop();
    }
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`\nfailures:\n${failures.join("\n")}`);
    process.exitCode = 1;
  }
}

await main();
