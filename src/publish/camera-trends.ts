import { z } from "zod";
import { roomMixDays, tagShareDays } from "../db/queries/camera-trends.ts";
import { addDays } from "../rules/calendar.ts";
import type { DayPublisher } from "./context.ts";
import { EXTRA_PATHS } from "./paths.ts";
import { publishJson } from "./write-file.ts";

/** The days the file covers, ending with its day, and the tags it follows. */
export const TREND_DAYS = 365;
export const TREND_TAGS = 12;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** One figure per day of `days`; null for a day without data. */
const series = z.array(z.number().nonnegative().nullable());

export const cameraTrendsFileSchema = z.strictObject({
  day,
  from: day,
  days: z.array(day).length(TREND_DAYS),
  /** Average rooms online, one decimal. */
  rooms: series,
  /** Percent of the rooms marked HD, one decimal. */
  hd: series,
  /** Percent of the rooms of each gender, one decimal. */
  genders: z.strictObject({ f: series, m: series, c: series, t: series }),
  /** The tags with the most room-hours on the day, most first: each one's percent of the day's room-hours. */
  tags: z.array(z.strictObject({ tag: z.string().min(1), shares: series })).max(TREND_TAGS),
});
export type CameraTrendsFile = z.infer<typeof cameraTrendsFileSchema>;

const percent = (share: number | null | undefined) =>
  share === null || share === undefined ? null : Math.round(share * 1000) / 10;

/**
 * /api/camera_trends.json: the year ending with the day, day by day: the rooms online, the shares of
 * HD rooms and of each gender (from the polls), and the shares of the day's biggest tags (from the
 * traffic rollups). A day without a complete poll is null throughout.
 */
export const publishCameraTrends: DayPublisher = async ({ db, root }, today) => {
  const from = addDays(today, -(TREND_DAYS - 1));
  const days = Array.from({ length: TREND_DAYS }, (_, i) => addDays(from, i));
  const [mix, tagDays] = await Promise.all([
    roomMixDays(db, from, today),
    tagShareDays(db, from, today, TREND_TAGS),
  ]);
  const mixOf = new Map(mix.map((m) => [m.day, m]));
  const tagOrder: string[] = [];
  const shares = new Map<string, Map<string, number>>();
  for (const row of tagDays) {
    if (!shares.has(row.tag)) shares.set(row.tag, new Map());
    shares.get(row.tag)?.set(row.day, row.share);
  }
  // Most room-hours on the day first (the query's top), then by name.
  tagOrder.push(
    ...[...shares.keys()].sort(
      (a, b) =>
        (shares.get(b)?.get(today) ?? 0) - (shares.get(a)?.get(today) ?? 0) || (a < b ? -1 : a > b ? 1 : 0),
    ),
  );
  const file: CameraTrendsFile = {
    day: today,
    from,
    days,
    rooms: days.map((d) => {
      const rooms = mixOf.get(d)?.rooms;
      return rooms === undefined ? null : Math.round(rooms * 10) / 10;
    }),
    hd: days.map((d) => percent(mixOf.get(d)?.hdShare)),
    genders: {
      f: days.map((d) => percent(mixOf.get(d)?.genderShare.f)),
      m: days.map((d) => percent(mixOf.get(d)?.genderShare.m)),
      c: days.map((d) => percent(mixOf.get(d)?.genderShare.c)),
      t: days.map((d) => percent(mixOf.get(d)?.genderShare.t)),
    },
    tags: tagOrder.map((tag) => ({ tag, shares: days.map((d) => percent(shares.get(tag)?.get(d))) })),
  };
  return [await publishJson(root, EXTRA_PATHS.cameraTrends, cameraTrendsFileSchema.parse(file))];
};
