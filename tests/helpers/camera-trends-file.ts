import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type CameraTrendsFile,
  cameraTrendsFileSchema,
  TREND_DAYS,
} from "../../src/publish/camera-trends.ts";
import { EXTRA_PATHS } from "../../src/publish/paths.ts";
import { publishJson } from "../../src/publish/write-file.ts";
import { addDays } from "../../src/rules/calendar.ts";

export const TRENDS_DAY = "2026-11-20";

/**
 * A camera trends file as the daily job writes it on a site `collected` days old (rooms counted on
 * those days only, so the page first shows the span that holds them): HD counted for the last 60
 * days only (20% rising to 35.9%), women 60% and the rest 13.3% each every day, rooms up to 12,640
 * (to try the axis labels), and two tags: asian 12.5% a day, cute from 5% rising by 0.1 a day.
 */
export function cameraTrendsFixture(collected = 80): CameraTrendsFile {
  const from = addDays(TRENDS_DAY, -(TREND_DAYS - 1));
  const days = Array.from({ length: TREND_DAYS }, (_, i) => addDays(from, i));
  const round = (n: number) => Math.round(n * 10) / 10;
  return cameraTrendsFileSchema.parse({
    day: TRENDS_DAY,
    from,
    days,
    rooms: days.map((_, i) => (i < TREND_DAYS - collected ? null : 9_000 + i * 10)),
    hd: days.map((_, i) => (i < TREND_DAYS - 60 ? null : round(20 + (i - (TREND_DAYS - 60)) * 0.27))),
    genders: {
      f: days.map(() => 60),
      m: days.map(() => 13.3),
      c: days.map(() => 13.3),
      t: days.map(() => 13.3),
    },
    tags: [
      { tag: "asian", shares: days.map(() => 12.5) },
      { tag: "cute", shares: days.map((_, i) => round(5 + i * 0.1)) },
    ],
  });
}

export async function writeCameraTrendsFixture(
  collected?: number,
): Promise<{ root: string; remove(): Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), "camera-trends-"));
  await publishJson(root, EXTRA_PATHS.cameraTrends, cameraTrendsFixture(collected));
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
