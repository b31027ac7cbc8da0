import { z } from "zod";
import { addDays } from "../stats/calendar.ts";
import { approvedTagSuggestions } from "../stats/tag-usage.ts";
import type { DayPublisher } from "./context.ts";
import { EXTRA_PATHS } from "./paths.ts";
import { publishJson } from "./write-file.ts";

export const additionalTagsFileSchema = z.strictObject({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** username → the approved suggested tags, sorted. */
  performers: z.record(z.string(), z.array(z.string().min(1)).min(1)),
});
export type AdditionalTagsFile = z.infer<typeof additionalTagsFileSchema>;

/**
 * /api/tags/additional_tags.json: tags that visitors suggested and a reviewer approved, per
 * performer, as approved by the end of the day.
 */
export const publishAdditionalTags: DayPublisher = async ({ db, root }, today) => {
  const endOfDay = new Date(`${addDays(today, 1)}T00:00:00Z`);
  const approved = await approvedTagSuggestions(db, endOfDay);
  const file: AdditionalTagsFile = {
    day: today,
    performers: Object.fromEntries(approved.map((a) => [a.username, a.tags])),
  };
  return [await publishJson(root, EXTRA_PATHS.additionalTags, file)];
};
