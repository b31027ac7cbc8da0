import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { connect, ensureDatabase } from "../src/db/connect.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { dayOfInstant } from "../src/rules/calendar.ts";
import { benchAuth, benchBearer } from "./bench-identity.ts";
import { type LoadResult, runLoad } from "./http-load.ts";
import { runPacedLoad } from "./http-paced.ts";
import { reportLoad } from "./paced-report.ts";
import { buildSearchData } from "./search-data.ts";
import { startServerChild } from "./search-server-child.ts";

/**
 * `npm run bench:lists`: a list of 1,000 performers (issue 18). One server process (accounts on)
 * over an embedded PostgreSQL holding the search benchmark's performers, their latest complete
 * poll, a week of performer_days for the list's performers, and one public list of LIST_SIZE of
 * them (a fifth of them live). Each load is paced at --rate for --duration seconds:
 *
 *   (a) GET /about, a page the page cache keeps: the same run's baseline;
 *   (b) GET /v1/list_summary?listId=… signed out;
 *   (c) the same with the owner's Bearer token (never cached anywhere);
 *   (d) GET /lists/{id}, the list's page, signed out.
 *
 * Target (issue 18): p95 under 50 ms at 100/s for (b), (c) and (d).
 */

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    rate: { type: "string", default: "100" },
    performers: { type: "string", default: "20000" },
    "list-size": { type: "string", default: "1000" },
  },
});
const DURATION = Number(args.duration);
const RATE = Number(args.rate);
const PERFORMERS = Number(args.performers);
const LIST_SIZE = Number(args["list-size"]);
for (const [name, value] of Object.entries({ DURATION, RATE, PERFORMERS, LIST_SIZE })) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name.toLowerCase().replace("_", "-")} expects a whole number of at least 1`);
    process.exit(2);
  }
}
const TARGET_P95_MS = 50;
const PASSWORD = "bench-orchid-lantern-42";
const EMAIL = "lists@example.com";
const LIST_ID = "BenchList001";

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "camstats-bench-lists-"));
  const pg = await startEmbeddedPostgres({ dataDir, port: 0 });
  const failures: string[] = [];
  try {
    await ensureDatabase(pg.adminUrl, "bench_lists");
    const databaseUrl = pg.urlFor("bench_lists");
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    const { db, close } = connect(databaseUrl, { max: 2 });
    try {
      await migrateToLatest(db);
      const data = await buildSearchData(db, { performers: PERFORMERS, seed: 1, now });
      await benchAuth(db).api.signUpEmail({ body: { email: EMAIL, password: PASSWORD, name: "" } });
      await db.updateTable("users").set({ email_verified: true }).execute();
      // A fifth of the list live in the latest poll, the rest among everyone else.
      const live = Math.min(Math.floor(LIST_SIZE / 5), data.live);
      await sql`
        INSERT INTO lists (list_id, user_id, name, description, is_public)
        SELECT ${LIST_ID}, id, 'Bench list', 'A thousand performers', true FROM users WHERE email = ${EMAIL}`.execute(
        db,
      );
      await sql`
        INSERT INTO list_performers (list_id, performer_id, added_at)
        SELECT ${LIST_ID}, performer_id, now() - n * interval '1 minute' FROM (
          (SELECT s.performer_id, row_number() OVER () AS n FROM snapshots s
           WHERE s.observed_at = (SELECT max(observed_at) FROM polls WHERE status = 'complete') LIMIT ${live})
          UNION ALL
          (SELECT p.performer_id, 100000 + p.performer_id AS n FROM performers p
           WHERE p.performer_id NOT IN (SELECT performer_id FROM snapshots)
           ORDER BY p.performer_id LIMIT ${LIST_SIZE - live})) chosen`.execute(db);
      await sql`
        INSERT INTO performer_days (performer_id, day, followers, follower_gain, minutes_online, stream_count, seen_in_public)
        SELECT lp.performer_id, ${dayOfInstant(now)}::date - d, 1000, (lp.performer_id % 50)::integer - 10, 120, 1, true
        FROM list_performers lp, generate_series(0, 7) AS d WHERE lp.list_id = ${LIST_ID}`.execute(db);
      await sql`ANALYZE`.execute(db);
      console.log(`${PERFORMERS} performers; a public list of ${LIST_SIZE}, ${live} of them live`);
    } finally {
      await close();
    }
    const publishDir = path.join(dataDir, "publish");
    await mkdir(publishDir, { recursive: true });
    const server = await startServerChild({
      databaseUrl,
      publishDir,
      mode: "indexed",
      now,
      accounts: true,
      pool: 10,
    });
    try {
      const bearer = await benchBearer(server.url, EMAIL, PASSWORD);
      const summaryPath = `/v1/list_summary?listId=${LIST_ID}`;
      const first = await fetch(`${server.url}${summaryPath}`);
      const body = (await first.json()) as { performers?: unknown[] };
      if (first.status !== 200 || body.performers?.length !== LIST_SIZE)
        throw new Error(`list_summary answered ${first.status} with ${body.performers?.length} performers`);
      const page = await fetch(`${server.url}/lists/${LIST_ID}`);
      await page.arrayBuffer();
      const withPage = page.status === 200;
      if (!withPage) console.log(`GET /lists/${LIST_ID} answered ${page.status}: (d) is left out`);
      // Warm: the JIT, the key set, the page cache.
      await runLoad(server.url, [summaryPath, "/about", ...(withPage ? [`/lists/${LIST_ID}`] : [])], {
        connections: 10,
        seconds: 3,
      });
      await runLoad(server.url, [summaryPath], { connections: 10, seconds: 2, headers: bearer });

      const loads: [string, string, Record<string, string> | undefined][] = [
        ["(a) GET /about (baseline)", "/about", undefined],
        ["(b) GET /v1/list_summary signed out", summaryPath, undefined],
        ["(c) GET /v1/list_summary as the owner", summaryPath, bearer],
        ...(withPage
          ? ([["(d) GET /lists/{id} signed out", `/lists/${LIST_ID}`, undefined]] as [
              string,
              string,
              undefined,
            ][])
          : []),
      ];
      const results: Record<string, LoadResult> = {};
      for (const [label, urlPath, headers] of loads) {
        const result = await runPacedLoad(server.url, [urlPath], {
          connections: 20,
          seconds: DURATION,
          rate: RATE,
          ...(headers === undefined ? {} : { headers }),
        });
        results[label] = result;
        reportLoad(
          label,
          result,
          { judged: !label.startsWith("(a)"), p95Ms: TARGET_P95_MS, rate: RATE },
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
