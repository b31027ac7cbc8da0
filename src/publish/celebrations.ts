import { z } from "zod";
import { celebrationsOf, recordDays } from "../db/queries/celebrations.ts";
import { addDays } from "../rules/calendar.ts";
import type { DayPublisher } from "./context.ts";
import { EXTRA_PATHS } from "./paths.ts";
import { publishJson } from "./write-file.ts";

/** The days a celebrations file covers: the 7 ending with its day. */
export const CELEBRATION_DAYS = 7;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const celebrationSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    day,
    username: z.string(),
    kind: z.enum(["followers", "viewers"]),
    value: z.number().int().positive(),
  }),
  z.strictObject({
    day,
    username: z.string(),
    kind: z.literal("rank"),
    value: z.number().int().positive(),
    badge: z.string().regex(/^Top \d+$/),
  }),
]);

export const celebrationsFileSchema = z.strictObject({
  /** The last day covered; the file is as of this day. */
  day,
  /** The first day covered. */
  from: day,
  celebrations: z.array(celebrationSchema),
});
export type CelebrationsFile = z.infer<typeof celebrationsFileSchema>;

/** /api/celebrations.json: milestones and rank badges reached on each of the 7 days ending with the day. */
export const publishCelebrations: DayPublisher = async ({ db, root, options }, today) => {
  const from = addDays(today, -(CELEBRATION_DAYS - 1));
  const days = await recordDays(db, from, today, options.excludedUsername);
  const file: CelebrationsFile = { day: today, from, celebrations: celebrationsOf(days) };
  return [await publishJson(root, EXTRA_PATHS.celebrations, file)];
};
