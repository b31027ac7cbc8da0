import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import type { Db } from "../src/db/connect.ts";
import { connect, ensureDatabase } from "../src/db/connect.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { sessionIsOpen } from "../src/db/queries/refresh-tokens.ts";
import { median } from "./search-report.ts";

/**
 * `npm run bench:session-use`: what marking a session used costs the identity token's check
 * (decision 0042). Every authenticated request reads its session; since migration 0029 the same
 * check renews `last_used_at`, by a second statement, when it is over 5 minutes old. Three checks, interleaved in each
 * round, --calls sequential calls each over one pooled connection, on --sessions open sessions:
 *
 *   before   the check as it was: SELECT EXISTS (…) (the baseline);
 *   idle     the check now, no renewal due (almost every request);
 *   renew    the check now with a renewal due on every call (the worst case: one write each).
 *
 * Medians over --rounds rounds of the mean time per call, and each against the baseline.
 */

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "7" },
    calls: { type: "string", default: "2000" },
    sessions: { type: "string", default: "1000" },
  },
});
const ROUNDS = Number(args.rounds);
const CALLS = Number(args.calls);
const SESSIONS = Number(args.sessions);
for (const [name, value] of Object.entries({ ROUNDS, CALLS, SESSIONS })) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name.toLowerCase()} expects a whole number of at least 1`);
    process.exit(2);
  }
}

/** The check before migration 0029, kept here as the baseline. */
async function openBefore(db: Db, sessionId: string, now: Date): Promise<boolean> {
  const { rows } = await sql<{ open: boolean }>`
    SELECT EXISTS (SELECT 1 FROM auth_sessions WHERE id = ${sessionId}::uuid AND expires_at > ${now}) AS open`.execute(
    db,
  );
  return rows[0]?.open === true;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "camstats-bench-session-use-"));
  const pg = await startEmbeddedPostgres({ dataDir, port: 0 });
  try {
    await ensureDatabase(pg.adminUrl, "bench_session_use");
    const { db, close } = connect(pg.urlFor("bench_session_use"), { max: 1 });
    try {
      await migrateToLatest(db);
      const user = await db
        .insertInto("users")
        .values({ email: "bench@example.com" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const expires = new Date(Date.now() + 30 * 86_400_000);
      const ids: string[] = [];
      for (let i = 0; i < SESSIONS; i++) {
        const row = await db
          .insertInto("auth_sessions")
          .values({ user_id: user.id, token: `bench-${i}`, expires_at: expires })
          .returning("id")
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      const checks = {
        before: (id: string, now: Date) => openBefore(db, id, now),
        idle: (id: string, now: Date) => sessionIsOpen(db, id, now, new Date(now.getTime() - 300_000)),
        renew: (id: string, now: Date) => sessionIsOpen(db, id, now, new Date(now.getTime() + 1)),
      };
      const perCall: Record<keyof typeof checks, number[]> = { before: [], idle: [], renew: [] };
      for (let round = 0; round <= ROUNDS; round++) {
        for (const name of Object.keys(checks) as (keyof typeof checks)[]) {
          const start = performance.now();
          for (let i = 0; i < CALLS; i++) {
            if (!(await checks[name](ids[i % ids.length] as string, new Date()))) throw new Error("closed");
          }
          // Round 0 warms the connection, the plans and the JIT.
          if (round > 0) perCall[name].push(((performance.now() - start) * 1000) / CALLS);
        }
      }
      const base = median(perCall.before);
      console.log(`${SESSIONS} open sessions, ${CALLS} calls a check a round, medians of ${ROUNDS} rounds:`);
      for (const name of Object.keys(perCall) as (keyof typeof checks)[]) {
        const m = median(perCall[name]);
        console.log(`  ${name.padEnd(7)} ${m.toFixed(0)} µs a call (${(m / base).toFixed(2)}x before)`);
      }
    } finally {
      await close();
    }
  } finally {
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
