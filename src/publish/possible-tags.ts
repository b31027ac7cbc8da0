import { z } from "zod";
import { tagPerformerCounts } from "../db/queries/tag-usage.ts";
import { addDays } from "../rules/calendar.ts";
import type { DayPublisher } from "./context.ts";
import { EXTRA_PATHS } from "./paths.ts";
import { publishJson } from "./write-file.ts";

/** The days the possible tags are counted over: the 30 ending with the file's day. */
export const POSSIBLE_TAG_DAYS = 30;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const possibleTagsFileSchema = z.strictObject({
  day,
  from: day,
  /** The least number of performers a tag needs to be listed (PublishOptions.tagMinPerformers). */
  minPerformers: z.number().int().nonnegative(),
  tags: z.array(z.strictObject({ tag: z.string().min(1), count: z.number().int().positive() })),
});
export type PossibleTagsFile = z.infer<typeof possibleTagsFileSchema>;

/**
 * /api/tags/possible_tags.json: the tags in real use, those that at least tagMinPerformers
 * performers streamed with over the 30 days ending with the day, most used first.
 */
export const publishPossibleTags: DayPublisher = async ({ db, root, options }, today) => {
  const from = addDays(today, -(POSSIBLE_TAG_DAYS - 1));
  const tags = await tagPerformerCounts(db, from, today, options.tagMinPerformers);
  const file: PossibleTagsFile = { day: today, from, minPerformers: options.tagMinPerformers, tags };
  return [await publishJson(root, EXTRA_PATHS.possibleTags, file)];
};
