import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { connect, ensureDatabase } from "../src/db/connect.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { benchAuth, benchBearer } from "./bench-identity.ts";
import { type LoadResult, runLoad, runRequests } from "./http-load.ts";
import { runPacedLoad } from "./http-paced.ts";
import { buildSearchData } from "./search-data.ts";
import { ms } from "./search-report.ts";
import { type ServerChild, startServerChild } from "./search-server-child.ts";

/**
 * `npm run bench:accounts`: what accounts cost the server (issue 17). One server process (as
 * bench:search starts it, accounts on) over an embedded PostgreSQL holding a small search dataset
 * and ACCOUNTS confirmed accounts; autocannon in this process:
 *
 *   (a) GET /v1/user_info with a Bearer token, paced at --rate (the issue's 200/s) and saturated:
 *       the token's signature, its session and one query. Target: p95 under 10 ms at 200/s.
 *   (b) the visitors' mix alone, paced: a model search and a page the page cache keeps;
 *   (c) POST /v1/auth/sign-in saturated (argon2id for each), with the same mix paced beside it:
 *       sign-in throughput and CPU per sign-in, and whether the mix's latency moved against (b).
 *
 * CPU per request is the server process's CPU time (all threads: argon2 runs off the event loop)
 * over the run, divided by the answers.
 */

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "50" },
    rate: { type: "string", default: "200" },
    /** The visitors' mix's paced rate in (b) and (c). */
    "mix-rate": { type: "string", default: "100" },
    accounts: { type: "string", default: "50" },
    performers: { type: "string", default: "20000" },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const RATE = Number(args.rate);
const MIX_RATE = Number(args["mix-rate"]);
const ACCOUNTS = Number(args.accounts);
const PERFORMERS = Number(args.performers);
for (const [name, value] of Object.entries({ DURATION, CONNECTIONS, RATE, MIX_RATE, ACCOUNTS, PERFORMERS })) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name.toLowerCase().replace("_", "-")} expects a whole number of at least 1`);
    process.exit(2);
  }
}
const PASSWORD = "bench-orchid-lantern-42";
const USER_INFO_TARGET_P95_MS = 10;
const MIX = ["/api/model_search?searchTerm=ka", "/about"];

const line = (label: string, r: LoadResult, cpuMs?: number) =>
  `${label}: ${r.perSecond.toFixed(1)}/s (${r.answered} answers, non-2xx ${r.non2xx}, errors ${r.errors}), ` +
  `p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}` +
  (cpuMs === undefined ? "" : `, server CPU ${(cpuMs / Math.max(1, r.answered)).toFixed(2)} ms a request`);

/** Runs a load and measures the server's CPU time over it. */
async function withCpu<T>(
  server: ServerChild,
  load: () => Promise<T>,
): Promise<{ result: T; cpuMs: number }> {
  const before = (await server.stats()).cpuMs;
  const result = await load();
  return { result, cpuMs: (await server.stats()).cpuMs - before };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "camstats-bench-accounts-"));
  const pg = await startEmbeddedPostgres({ dataDir, port: 0 });
  const failures: string[] = [];
  try {
    await ensureDatabase(pg.adminUrl, "bench_accounts");
    const databaseUrl = pg.urlFor("bench_accounts");
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    const { db, close } = connect(databaseUrl, { max: 2 });
    const emails = Array.from({ length: ACCOUNTS }, (_, i) => `bench${i}@example.com`);
    try {
      await migrateToLatest(db);
      await buildSearchData(db, { performers: PERFORMERS, seed: 1, now });
      // Accounts made directly (the sign-up's per-address limit would stop a benchmark at ten) and
      // confirmed in the database: the mailed link is not what is measured.
      const auth = benchAuth(db);
      for (const email of emails)
        await auth.api.signUpEmail({ body: { email, password: PASSWORD, name: "" } });
      await db.updateTable("users").set({ email_verified: true }).execute();
      console.log(`${PERFORMERS} performers and ${ACCOUNTS} confirmed accounts`);
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
      const bearer = await benchBearer(server.url, emails[0] as string, PASSWORD);
      // Warm: the JIT, the key set, the page cache.
      await runLoad(server.url, ["/v1/user_info", ...MIX], { connections: 10, seconds: 3, headers: bearer });

      console.log("\n(a) GET /v1/user_info");
      const paced = await withCpu(server, () =>
        runPacedLoad(server.url, ["/v1/user_info"], {
          connections: CONNECTIONS,
          seconds: DURATION,
          rate: RATE,
          headers: bearer,
        }),
      );
      console.log(`  ${line(`paced at ${RATE}/s`, paced.result, paced.cpuMs)}`);
      const saturated = await withCpu(server, () =>
        runLoad(server.url, ["/v1/user_info"], {
          connections: CONNECTIONS,
          seconds: DURATION,
          headers: bearer,
        }),
      );
      console.log(`  ${line("saturated", saturated.result, saturated.cpuMs)}`);
      const met = paced.result.p95 < USER_INFO_TARGET_P95_MS;
      console.log(`  target p95 < ${USER_INFO_TARGET_P95_MS} ms at ${RATE}/s: ${met ? "met" : "MISSED"}`);

      console.log(`\n(b) the visitors' mix alone, paced at ${MIX_RATE}/s: ${MIX.join(", ")}`);
      const alone = await runPacedLoad(server.url, MIX, {
        connections: 10,
        seconds: DURATION,
        rate: MIX_RATE,
      });
      console.log(`  ${line("mix", alone)}`);

      console.log(
        `\n(c) POST /v1/auth/sign-in saturated (${CONNECTIONS} connections), the mix paced beside it`,
      );
      const requests = emails.map((email) => ({
        method: "POST" as const,
        path: "/v1/auth/sign-in",
        body: JSON.stringify({ email, password: PASSWORD }),
        headers: { "content-type": "application/json" },
      }));
      const both = await withCpu(server, () =>
        Promise.all([
          runRequests(server.url, requests, { connections: CONNECTIONS, seconds: DURATION }),
          runPacedLoad(server.url, MIX, { connections: 10, seconds: DURATION, rate: MIX_RATE }),
        ]),
      );
      const [signIns, beside] = both.result;
      console.log(
        `  ${line("sign-in", signIns)}; server CPU over the run ${(both.cpuMs / 1000).toFixed(1)} s`,
      );
      console.log(`  ${line("mix beside it", beside)}`);
      console.log(
        `  the mix's p95 beside sign-ins: ${(beside.p95 / alone.p95).toFixed(2)}x alone (${ms(alone.p95)} -> ${ms(beside.p95)})`,
      );
      for (const [label, r] of [
        ["(a) paced", paced.result],
        ["(a) saturated", saturated.result],
        ["(b)", alone],
        ["(c) sign-in", signIns],
        ["(c) mix", beside],
      ] as const) {
        if (r.errors + r.timeouts + r.non2xx > 0)
          failures.push(
            `${label}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx (${JSON.stringify(r.statusCodes)})`,
          );
      }
      console.log(
        `\n${JSON.stringify({
          userInfo: { paced: paced.result, saturated: saturated.result, cpuMsPaced: paced.cpuMs },
          mixAlone: alone,
          signIn: signIns,
          mixBeside: beside,
          cpuMsSignInRun: both.cpuMs,
        })}`,
      );
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
    console.error(`\nFAILED: the figures above are not valid:\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  }
}

await main();
