import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { connect, ensureDatabase } from "../src/db/connect.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { checkPendingClaims } from "../src/db/queries/performer-claims.ts";
import { type ParsedRoom, SHOW_CODES } from "../src/platform/parse-room.ts";
import { checkOptoutCodes } from "../src/profiles/optout-code-check.ts";
import { newOptoutCode, optoutCodeExpiry } from "../src/profiles/optout-code-rules.ts";

/**
 * `npm run bench:optout-codes`: what the opt-out codes check adds to every stored poll (decision
 * 0044). An embedded PostgreSQL with --performers performers (subjects and about-me texts, none
 * holding a code), a sweep of --rooms of them in memory. Timed, --rounds each, interleaved:
 *
 *   (a) the claims check with no claim waiting: what every poll already pays, the baseline;
 *   (b) the codes check with no code waiting (the usual case);
 *   (c) the codes check with --pending codes waiting, none of them seen.
 *
 * Medians, and (b), (c) as ratios to (a).
 */

const { values: args } = parseArgs({
  options: {
    performers: { type: "string", default: "20000" },
    rooms: { type: "string", default: "5000" },
    pending: { type: "string", default: "100" },
    rounds: { type: "string", default: "41" },
  },
});
const PERFORMERS = Number(args.performers);
const ROOMS = Number(args.rooms);
const PENDING = Number(args.pending);
const ROUNDS = Number(args.rounds);
for (const [name, value] of Object.entries({ PERFORMERS, ROOMS, PENDING, ROUNDS })) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name.toLowerCase()} expects a whole number of at least 1`);
    process.exit(2);
  }
}
if (ROOMS > PERFORMERS || PENDING > PERFORMERS) {
  console.error("--rooms and --pending expect at most --performers");
  process.exit(2);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "camstats-bench-optout-codes-"));
  const pg = await startEmbeddedPostgres({ dataDir, port: 0 });
  try {
    await ensureDatabase(pg.adminUrl, "bench_optout_codes");
    const { db, close } = connect(pg.urlFor("bench_optout_codes"), { max: 2 });
    try {
      await migrateToLatest(db);
      await sql`
        INSERT INTO performers (username, display_name, gender, tags, first_seen, last_seen, room_subject)
        SELECT 'p' || n, 'p' || n, 'f', '{}', now(), now(), 'Goal: 500 tokens #fun #new, welcome to my room ' || n
        FROM generate_series(1, ${PERFORMERS}) n`.execute(db);
      await sql`
        INSERT INTO performer_bios (performer_id, about_me, fetched_at, changed_at)
        SELECT performer_id, repeat('I love music, travel and chatting with you. ', 12), now(), now()
        FROM performers`.execute(db);
      const rooms: ParsedRoom[] = Array.from({ length: ROOMS }, (_, i) => ({
        username: `p${i + 1}`,
        subject: `Goal: 500 tokens #fun #new, welcome to my room ${i + 1}`,
        profile: {},
        viewers: 10,
        followers: null,
        show: SHOW_CODES.public,
        secondsOnline: 60,
        gender: "f",
        tags: [],
      }));
      const now = new Date();
      const time = async (step: () => Promise<unknown>) => {
        const start = performance.now();
        await step();
        return performance.now() - start;
      };
      const claims = () => time(() => checkPendingClaims(db, now));
      const codes = () => time(() => checkOptoutCodes({ db }, rooms, now));
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        a.push(await claims());
        b.push(await codes());
      }
      const expiresAt = optoutCodeExpiry(now.getTime());
      const ids = (
        await sql<{
          id: number;
        }>`SELECT performer_id AS id FROM performers ORDER BY performer_id LIMIT ${PENDING}`.execute(db)
      ).rows;
      for (const { id } of ids) {
        await sql`
          INSERT INTO optout_codes (performer_id, action, expires_at, code, created_at)
          VALUES (${id}, 'out', ${expiresAt}, ${newOptoutCode("out")}, ${now})`.execute(db);
      }
      const a2: number[] = [];
      const c: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        a2.push(await claims());
        c.push(await codes());
      }
      const base = median([...a, ...a2]);
      const line = (label: string, xs: number[]) =>
        `${label.padEnd(48)} median ${median(xs).toFixed(2)} ms  (x${(median(xs) / base).toFixed(2)} of (a))`;
      console.log(
        `optout-codes: ${PERFORMERS} performers, ${ROOMS} rooms in memory, ${ROUNDS} rounds each, interleaved`,
      );
      console.log(line("(a) claims check, none waiting (baseline)", [...a, ...a2]));
      console.log(line("(b) codes check, none waiting", b));
      console.log(line(`(c) codes check, ${PENDING} waiting, none seen`, c));
    } finally {
      await close();
    }
  } finally {
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
