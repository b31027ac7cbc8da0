import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer, insertPerformerDay } from "../../../tests/helpers/fixtures.ts";
import { comparePerformers } from "./compare-performers.ts";

const nullDay = (day: string) => ({
  day,
  followers: null,
  peakViewers: null,
  avgViewers: null,
  minutesOnline: null,
  bestRank: null,
});

describe("comparePerformers", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    const ann = await insertPerformer(t.db, { username: "ann", displayName: "Ann A", gender: "f" });
    await insertPerformer(t.db, { username: "bea", gender: "c" });
    const gone = await insertPerformer(t.db, { username: "gone" });
    await confirmOptout(t.db, "gone");
    const day = (d: string, f: Omit<Parameters<typeof insertPerformerDay>[1], "performerId" | "day">) =>
      insertPerformerDay(t.db, { performerId: ann, day: d, ...f });
    // Before the window: its count is what the window's change is measured against.
    await day("2026-11-13", {
      followers: 900,
      followerGain: 10,
      peakViewers: 400,
      minutesOnline: 30,
      avgViewers: 100,
      viewerSeconds: 1800,
      bestRank: 1,
    });
    await day("2026-11-14", {
      followers: 1000,
      followerGain: 100,
      peakViewers: 50,
      minutesOnline: 120,
      avgViewers: 33.33,
      viewerSeconds: 5400,
      bestRank: 30,
    });
    await day("2026-11-16", {
      followers: 1100,
      followerGain: 100,
      peakViewers: 80,
      minutesOnline: 90,
      // Part of the time without a viewer sample.
      avgViewers: 70,
      viewerSeconds: 3600,
      bestRank: 12,
    });
    // Seen, but never in public nor online.
    await day("2026-11-20", { followers: 1050, followerGain: -50, minutesOnline: 0 });
    // After the window.
    await day("2026-11-21", {
      followers: 5000,
      followerGain: 3950,
      peakViewers: 999,
      minutesOnline: 600,
      avgViewers: 500,
      bestRank: 1,
    });
    await insertPerformerDay(t.db, { performerId: gone, day: "2026-11-16", followers: 7, peakViewers: 7 });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("gives every day of the window and its totals, in the order asked", async () => {
    const answer = await comparePerformers(t.db, ["nobody", "ann", "gone", "bea"], 7, "2026-11-20");
    expect(answer.from).toBe("2026-11-14");
    expect(answer.to).toBe("2026-11-20");
    expect(answer.performers.map((p) => [p.username, p.found])).toEqual([
      ["nobody", false],
      ["ann", true],
      // Opted out: the same answer as a name never seen.
      ["gone", false],
      ["bea", true],
    ]);
    expect(answer.performers[0]).toEqual({ username: "nobody", found: false });
    expect(answer.performers[2]).toEqual({ username: "gone", found: false });
    expect(answer.performers[1]).toEqual({
      username: "ann",
      found: true,
      displayName: "Ann A",
      gender: "f",
      totals: {
        followers: 1050,
        followerChange: 150,
        peakViewers: 80,
        // (33.33 × 5400 + 70 × 3600) / 9000, weighted by the seconds
        avgViewers: 48,
        hoursOnline: 3.5,
        bestRank: 12,
        daysLive: 2,
      },
      days: [
        {
          day: "2026-11-14",
          followers: 1000,
          peakViewers: 50,
          avgViewers: 33.3,
          minutesOnline: 120,
          bestRank: 30,
        },
        nullDay("2026-11-15"),
        {
          day: "2026-11-16",
          followers: 1100,
          peakViewers: 80,
          avgViewers: 70,
          minutesOnline: 90,
          bestRank: 12,
        },
        nullDay("2026-11-17"),
        nullDay("2026-11-18"),
        nullDay("2026-11-19"),
        {
          day: "2026-11-20",
          followers: 1050,
          peakViewers: null,
          avgViewers: null,
          minutesOnline: 0,
          bestRank: null,
        },
      ],
    });
    const bea = answer.performers[3];
    expect(bea?.found && bea.totals).toEqual({
      followers: null,
      followerChange: null,
      peakViewers: null,
      avgViewers: null,
      hoursOnline: null,
      bestRank: null,
      daysLive: 0,
    });
    expect(bea?.found && bea.days.every((d) => d.followers === null && d.minutesOnline === null)).toBe(true);
    expect(bea?.found && bea.days).toHaveLength(7);
  });

  it("ends at the latest rolled-up day, never after the last day asked", async () => {
    await sql`
      INSERT INTO rollup_days (day, finished_at, derived_rows, files, duration_ms)
      VALUES ('2026-11-16', now(), 1, 1, 1), ('2026-11-25', now(), 1, 1, 1)`.execute(t.db);
    try {
      const answer = await comparePerformers(t.db, ["ann", "bea"], 30, "2026-11-20");
      expect(answer.from).toBe("2026-10-18");
      expect(answer.to).toBe("2026-11-16");
      const ann = answer.performers[0];
      expect(ann?.found && ann.days).toHaveLength(30);
      expect(ann?.found && ann.days.at(-1)?.day).toBe("2026-11-16");
      expect(ann?.found && ann.totals).toMatchObject({
        followers: 1100,
        followerChange: 210,
        peakViewers: 400,
        bestRank: 1,
        hoursOnline: 4,
        daysLive: 3,
      });
      // A year ending at the same day.
      const year = await comparePerformers(t.db, ["ann", "bea"], 365, "2026-11-20");
      expect(year.from).toBe("2025-11-17");
      expect(year.performers[1]?.found && year.performers[1].days).toHaveLength(365);
    } finally {
      await sql`DELETE FROM rollup_days`.execute(t.db);
    }
  });
});
