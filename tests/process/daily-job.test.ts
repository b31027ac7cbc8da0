import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPoll } from "../../src/collect/poll.ts";
import { type DailyJobDeps, runDailyJob } from "../../src/jobs/daily-job.ts";
import { dailyIndexSchema } from "../../src/publish/daily-viewer-files.ts";
import { schemaForPath } from "../../src/publish/file-schemas.ts";
import { modelCountByLocationSchema } from "../../src/publish/location-files.ts";
import { monthlyIndexSchema } from "../../src/publish/monthly-files.ts";
import { followerIndexSchema, supporterFileSchema } from "../../src/publish/ranking-schemas.ts";
import { listTree, treeDigest } from "../../src/publish/tree-digest.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../helpers/platform.ts";

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 14, 6); // history from 06:00 on the 14th
const END = Date.UTC(2026, 10, 17, 0, 30); // to 00:30 on the 17th: the 14th..16th are closed

const readJson = async (root: string, urlPath: string): Promise<unknown> =>
  JSON.parse(await readFile(path.join(root, urlPath), "utf8"));

const DAYS = ["2026-11-14", "2026-11-15", "2026-11-16"];
/** The derived tables, each as one hash of its rows in a fixed order. */
const DERIVED_TABLES = [
  "performer_days",
  "tag_days",
  "location_days",
  "broadcaster_days",
  "traffic_hours",
  "tag_traffic_hours",
  "performer_hours",
  "performer_peaks",
];

describe("the daily job", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  let root: string;
  let deps: DailyJobDeps;

  beforeAll(async () => {
    t = await createTestDatabase();
    root = await mkdtemp(path.join(tmpdir(), "camstats-publish-"));
    platform = await startTestPlatform({ performers: 900, seed: 5, at: START });
    const collector = testCollector(t.db, platform);
    for (let at = START; at <= END; at += 10 * MINUTE) {
      platform.clock.set(at);
      await collectPoll(collector, new Date(at));
    }
    deps = {
      db: t.db,
      root,
      options: { excludedUsername: undefined, tagMinPerformers: 3 },
      now: () => END + MINUTE,
    };
  }, 180_000);
  afterAll(async () => {
    await platform.sandbox.close();
    await t.drop();
    await rm(root, { recursive: true, force: true });
  });

  const tablesDigest = async () => {
    const digests: Record<string, string> = {};
    for (const table of DERIVED_TABLES) {
      const { rows } = await sql<{ digest: string | null }>`
        SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${sql.table(table)} t`.execute(
        t.db,
      );
      digests[table] = rows[0]?.digest ?? "empty";
    }
    return digests;
  };
  /** What the first run (a catch-up: newest first) published and derived. */
  let newestFirstFiles: Map<string, string>;
  let newestFirstTables: Record<string, string>;

  it("rolls up and publishes every closed day, the newest first, then the latest editions and the manifest", async () => {
    const result = await runDailyJob(deps);
    expect(result).toMatchObject({
      ran: true,
      days: ["2026-11-14", "2026-11-15", "2026-11-16"],
      latest: "2026-11-16",
    });
    expect(await readJson(root, "/stats/manifest.json")).toEqual({
      latest: "2026-11-16",
      days: ["2026-11-14", "2026-11-15", "2026-11-16"],
    });
    const { rows } = await sql<{
      day: string;
    }>`SELECT day::text AS day FROM rollup_days ORDER BY day`.execute(t.db);
    expect(rows.map((r) => r.day)).toEqual(["2026-11-14", "2026-11-15", "2026-11-16"]);
    // The newest day's files came first (what a first start's visitors ask for), then the others in order.
    const written = async (day: string) => (await stat(path.join(root, "stats", day, "index.json"))).mtimeMs;
    expect(await written("2026-11-16")).toBeLessThan(await written("2026-11-14"));
    expect(await written("2026-11-14")).toBeLessThan(await written("2026-11-15"));
    newestFirstFiles = await treeDigest(root);
    newestFirstTables = await tablesDigest();
    // The search's 30-day peaks are one edition: the newest day's.
    const peaks = await sql<{ through_day: string; performers: number }>`
      SELECT through_day::text, COUNT(*)::integer AS performers FROM performer_peaks GROUP BY through_day`.execute(
      t.db,
    );
    expect(peaks.rows).toEqual([{ through_day: "2026-11-16", performers: expect.any(Number) }]);
    expect(peaks.rows[0]?.performers).toBeGreaterThan(100);
  });

  it("writes every file family, each matching its schema", async () => {
    const all = await listTree(root);
    const files = all.filter((f) => f.endsWith(".json"));
    for (const file of files) {
      const schema = schemaForPath(file);
      expect(schema, `${file} has a schema`).toBeDefined();
      const parsed = (schema as NonNullable<typeof schema>).safeParse(await readJson(root, file));
      expect(parsed.success, `${file}: ${parsed.error?.message}`).toBe(true);
    }
    for (const day of ["2026-11-14", "2026-11-15", "2026-11-16"]) {
      for (const name of [
        "most-popular",
        "most-popular-women",
        "most-popular-couples",
        "tag-frequency-men",
        "user_followers",
        "user_followers-trans",
        "user_follower_gain-women",
        "index",
        "follower-index",
        "supporters-gained",
        "supporters-per-hour",
      ]) {
        expect(files).toContain(`/stats/${day}/${name}.json`);
      }
      const index = dailyIndexSchema.parse(await readJson(root, `/stats/${day}/index.json`));
      expect(index.lists.all.length).toBeGreaterThan(0);
      for (const tag of index.lists.all)
        expect(files).toContain(`/stats/${day}/tag-${tag}-most-popular.json`);
      for (const tag of index.lists.women)
        expect(files).toContain(`/stats/${day}/women_tag-${tag}-most-popular.json`);
      const followerIndex = followerIndexSchema.parse(
        await readJson(root, `/stats/${day}/follower-index.json`),
      );
      expect(followerIndex.tags.length).toBeGreaterThan(0);
      for (const tag of followerIndex.tags) {
        expect(files).toContain(`/stats/${day}/tag-${tag}-user_followers.json`);
        expect(files).toContain(`/stats/${day}/tag-${tag}-user_follower_gain.json`);
      }
      expect(
        files.filter((f) => f.startsWith(`/stats/${day}/tag-`) && f.includes("-user_follower")).length,
      ).toBe(2 * followerIndex.tags.length);
    }
    // Supporters: nobody on the first day of history (no earlier count to gain against), then the
    // day's gains, largest first.
    expect(await readJson(root, "/stats/2026-11-14/supporters-gained.json")).toEqual([]);
    const supporters = supporterFileSchema.parse(
      await readJson(root, "/stats/2026-11-16/supporters-gained.json"),
    );
    expect(supporters.length).toBeGreaterThan(10);
    for (const [i, row] of supporters.entries()) {
      expect(row.rank).toBe(i + 1);
      if (i > 0)
        expect(row.gained).toBeLessThanOrEqual((supporters[i - 1] as (typeof supporters)[number]).gained);
    }
    expect(supporters.some((row) => row.pr !== null)).toBe(true);
    // A year's lists are written once it is over (on December 31st): none in November's history.
    expect(files.filter((f) => f.startsWith("/stats/2026/"))).toEqual([]);
    const monthly = monthlyIndexSchema.parse(await readJson(root, "/stats/30days/index.json"));
    expect(monthly.day).toBe("2026-11-16");
    expect(monthly.tagFollowers.length).toBeGreaterThan(0);
    for (const tag of monthly.tagFollowers) {
      expect(files).toContain(`/api/followers/tag-${tag}-followers.json`);
      expect(files).toContain(`/api/followers/tag-${tag}-follower_gain.json`);
      expect(files).toContain(`/stats/30days/tag-${tag}-most-popular.json`);
    }
    for (const name of [
      "/stats/30days/most-popular.json",
      "/stats/30days/most-popular-men.json",
      "/stats/30days/tag-frequency.json",
      "/api/followers/user_follower_gain.json",
      "/api/location/modelCountByLocation.json",
      "/api/active_user_count.json",
      "/api/active_user_count_trends_yoy.json",
      "/api/recent_broadcaster_stats.json",
      "/api/celebrations.json",
      "/api/recent_profile_updates.json",
      "/api/tags/possible_tags.json",
      "/api/tags/additional_tags.json",
      "/api/bingo_data.json",
      "/api/tag_explorer/tagMap.json",
      "/api/tag_explorer/monthly.json",
    ]) {
      expect(files).toContain(name);
    }
    const locations = modelCountByLocationSchema.parse(
      await readJson(root, "/api/location/modelCountByLocation.json"),
    );
    expect(locations.length).toBeGreaterThan(3);
    const top = locations[0] as (typeof locations)[number];
    expect(files).toContain(`/api/location/${top.location}_user_followers.json`);
    expect(files).toContain(`/api/location/${top.location}_most-popular.json`);
    // Each file has its precompressed variants beside it.
    for (const file of files) {
      expect(all).toContain(`${file}.gz`);
      expect(all).toContain(`${file}.br`);
    }
  });

  it("does nothing when every closed day is done", async () => {
    const result = await runDailyJob(deps);
    expect(result).toMatchObject({ ran: true, days: [], files: 0 });
  });

  it("lets one process run at a time", async () => {
    const [a, b] = await Promise.all([
      runDailyJob(deps, { from: "2026-11-16", to: "2026-11-16" }),
      runDailyJob(deps, { from: "2026-11-16", to: "2026-11-16" }),
    ]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
  });

  it("rebuilds a range to byte-identical files", async () => {
    const before = await treeDigest(root);
    const result = await runDailyJob(deps, { from: "2026-11-14", to: "2026-11-16" });
    expect(result.days).toEqual(["2026-11-14", "2026-11-15", "2026-11-16"]);
    expect(await treeDigest(root)).toEqual(before);
  });

  it("is what npm run rebuild runs: byte-identical files, and a clear refusal of a bad range", async () => {
    const before = await treeDigest(root);
    const rebuild = (...args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ["--import", "tsx", "src/rebuild.ts", ...args], {
          env: {
            PATH: process.env.PATH,
            DATABASE_URL: t.url,
            PUBLISH_DIR: root,
            LOG_LEVEL: "warn",
            TAG_MIN_PERFORMERS: "3",
          },
          stdio: ["ignore", "ignore", "pipe"],
        });
        let stderr = "";
        child.stderr?.on("data", (chunk) => {
          stderr += String(chunk);
        });
        child.once("exit", (code) => resolve({ code, stderr }));
      });
    expect(await rebuild("--from", "2026-11-15", "--to", "2026-11-16")).toEqual({ code: 0, stderr: "" });
    expect(await treeDigest(root)).toEqual(before);
    expect(await rebuild("--from", "2026-11-16", "--to", "2026-11-15")).toEqual({
      code: 2,
      stderr: "--from (2026-11-16) is after --to (2026-11-15)\n",
    });
  }, 120_000);
  it("publishes the same bytes and derives the same rows newest first as in day order", async () => {
    const plainRoot = await mkdtemp(path.join(tmpdir(), "camstats-plain-"));
    try {
      // A range is done in day order, every step of a day before the next day (the plain order).
      const result = await runDailyJob({ ...deps, root: plainRoot }, { from: DAYS[0], to: DAYS[2] });
      expect(result.days).toEqual(DAYS);
      const plainFiles = await treeDigest(plainRoot);
      expect(plainFiles.size).toBeGreaterThan(1000);
      expect([...newestFirstFiles.keys()].sort()).toEqual([...plainFiles.keys()].sort());
      for (const [file, digest] of plainFiles) expect(newestFirstFiles.get(file), file).toBe(digest);
      expect(await tablesDigest()).toEqual(newestFirstTables);
    } finally {
      await rm(plainRoot, { recursive: true, force: true });
    }
  });

  it("stops between days when asked, and the next run resumes from the first day missing", async () => {
    const resumeRoot = await mkdtemp(path.join(tmpdir(), "camstats-resume-"));
    // The last of the first editions (newest-first.ts, step 3).
    const cameraTrendsPath = path.join(resumeRoot, "api", "camera_trends.json");
    try {
      await sql`DELETE FROM rollup_days`.execute(t.db);
      await sql`TRUNCATE performer_hours`.execute(t.db);
      // Ctrl-C once the newest day is published with its first editions: the older days are left,
      // and no day is recorded (the newest is recorded last).
      await runDailyJob({ ...deps, root: resumeRoot, stopRequested: () => existsSync(cameraTrendsPath) });
      // The two older days are counted as coming: the pages over several days say so (issue 28).
      expect(await readJson(resumeRoot, "/stats/manifest.json")).toEqual({
        latest: DAYS[2],
        days: [DAYS[2]],
        coming: 2,
      });
      expect((await sql`SELECT day FROM rollup_days`.execute(t.db)).rows).toEqual([]);
      expect(existsSync(path.join(resumeRoot, "stats", DAYS[0] as string))).toBe(false);
      // The pages that wait for the other tables have their first edition before the older days
      // (issue 28: /traffic, /map, /camera-trends answered 503 for the whole catch-up).
      for (const file of [
        "/api/active_user_count.json",
        "/api/location/modelCountByLocation.json",
        "/api/camera_trends.json",
      ])
        expect(existsSync(path.join(resumeRoot, file)), file).toBe(true);

      const result = await runDailyJob({ ...deps, root: resumeRoot });
      expect(result.days).toEqual(DAYS);
      expect(await treeDigest(resumeRoot)).toEqual(newestFirstFiles);
      expect(await tablesDigest()).toEqual(newestFirstTables);
    } finally {
      await rm(resumeRoot, { recursive: true, force: true });
    }
  });
});
