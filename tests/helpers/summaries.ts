import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Db } from "../../src/db/connect.ts";
import { type CelebrationsFile, celebrationsFileSchema } from "../../src/publish/celebrations.ts";
import { insertHours, insertSessions } from "./aggregate-rows.ts";
import { confirmOptout, insertPerformer, insertPerformerDay } from "./fixtures.ts";

/**
 * The summary pages' fixture, relative to the real clock (the pages default to this UTC year and
 * month): alice streams on the first of this month and on two days of June last year (our
 * history's first day); carol only last June; olga has opted out.
 */
export function summaryDates(now = Date.now()) {
  const thisYear = new Date(now).getUTCFullYear();
  const lastYear = thisYear - 1;
  const thisMonth = new Date(now).toISOString().slice(0, 7);
  const next = new Date(Date.UTC(thisYear, new Date(now).getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
  return {
    thisYear,
    lastYear,
    thisMonth,
    nextMonth: next,
    thisDay: `${thisMonth}-01`,
    firstDay: `${lastYear}-06-15`,
  };
}

export async function insertSummaryPerformers(db: Db): Promise<void> {
  const { lastYear, thisDay } = summaryDates();
  const alice = await insertPerformer(db, { username: "alice", firstSeen: `${lastYear}-06-15T10:00:00Z` });
  await insertPerformerDay(db, {
    performerId: alice,
    day: thisDay,
    minutesOnline: 150,
    streamCount: 2,
    peakViewers: 1500,
    followers: 1200,
    followerGain: 40,
    bestRank: 7,
    bestGenderRank: 3,
    tags: ["asian", "latina"],
  });
  await insertSessions(db, alice, [{ start: `${thisDay}T10:00:00Z`, end: `${thisDay}T12:30:00Z` }]);
  await insertHours(db, alice, [
    { day: thisDay, hour: 10, seconds: 3600 },
    { day: thisDay, hour: 11, seconds: 3600 },
    { day: thisDay, hour: 12, seconds: 1800 },
  ]);
  await insertPerformerDay(db, {
    performerId: alice,
    day: `${lastYear}-06-15`,
    minutesOnline: 60,
    peakViewers: 300,
    followers: 1000,
    followerGain: 10,
    bestRank: 60,
    tags: ["solo"],
  });
  await insertPerformerDay(db, {
    performerId: alice,
    day: `${lastYear}-06-16`,
    minutesOnline: 90,
    peakViewers: 400,
    followers: 1160,
    followerGain: 160,
  });
  const carol = await insertPerformer(db, { username: "carol", firstSeen: `${lastYear}-06-20T10:00:00Z` });
  await insertPerformerDay(db, { performerId: carol, day: `${lastYear}-06-20`, minutesOnline: 30 });
  const olga = await insertPerformer(db, { username: "olga", firstSeen: `${lastYear}-06-20T10:00:00Z` });
  await insertPerformerDay(db, { performerId: olga, day: `${lastYear}-06-20`, minutesOnline: 30 });
  await confirmOptout(db, "olga");
}

export const CELEBRATIONS: CelebrationsFile = {
  day: "2026-11-20",
  from: "2026-11-14",
  celebrations: [
    { day: "2026-11-20", username: "alice", kind: "followers", value: 20_000 },
    { day: "2026-11-20", username: "bob", kind: "rank", value: 3, badge: "Top 3" },
    { day: "2026-11-17", username: "dan", kind: "rank", value: 10, badge: "Top 10" },
    { day: "2026-11-15", username: "ann", kind: "viewers", value: 1_000 },
  ],
};

/** A publish directory holding /api/celebrations.json (or nothing, before the first publish). */
export async function writeCelebrationsFixture(file: CelebrationsFile | null = CELEBRATIONS) {
  const root = await mkdtemp(join(tmpdir(), "celebrations-"));
  if (file !== null) {
    await mkdir(join(root, "api"), { recursive: true });
    await writeFile(
      join(root, "api", "celebrations.json"),
      JSON.stringify(celebrationsFileSchema.parse(file)),
    );
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
