import { z } from "zod";

/** The shapes of the tag explorer's files (SPEC §3 names the datasets; docs/published-files.md). */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int().nonnegative();

/** Performers using a tag on the day: in all (unknown gender included) and per ranking gender. */
const genderCounts = { count, couples: count, women: count, men: count, trans: count };

export const tagMapFileSchema = z.strictObject({
  day,
  tags: z.record(z.string(), z.strictObject({ rank: z.number().int().positive(), ...genderCounts })),
});
export type TagMapFile = z.infer<typeof tagMapFileSchema>;

export const tagCountsFileSchema = z.strictObject({
  day,
  tags: z.array(z.strictObject({ tag: z.string(), ...genderCounts })).max(200),
});
export type TagCountsFile = z.infer<typeof tagCountsFileSchema>;

export const allTagsFileSchema = z.strictObject({ day, from: day, tags: z.array(z.string()) });
export type AllTagsFile = z.infer<typeof allTagsFileSchema>;

export const monthlyFileSchema = z.strictObject({
  day,
  /** The 12 UTC months ending with the day's month, oldest first ("YYYY-MM"). */
  months: z.array(z.string().regex(/^\d{4}-\d{2}$/)).length(12),
  /** Per tag, the average daily performers of each month (null: no rolled-up day that month). */
  tags: z.record(z.string(), z.array(z.number().nonnegative().nullable()).length(12)),
});
export type MonthlyFile = z.infer<typeof monthlyFileSchema>;

/** A day's sum over the tag's performers, and its average per performer (null without any). */
const figure = z.strictObject({ total: z.number().int(), average: z.number().nullable() });

export const tagFigureFileSchema = z.strictObject({
  day,
  tags: z.record(
    z.string(),
    z.strictObject({ all: figure, couples: figure, women: figure, men: figure, trans: figure }),
  ),
});
export type TagFigureFile = z.infer<typeof tagFigureFileSchema>;

/**
 * /api/tag_explorer/related.json (beside SPEC §3's seven datasets, for the tag explorer's pages):
 * per top tag, its performers over the 30 days ending with the day and the tags they also used.
 */
export const relatedTagsFileSchema = z.strictObject({
  day,
  from: day,
  tags: z.record(
    z.string(),
    z.strictObject({
      performers: count,
      related: z.array(z.strictObject({ tag: z.string(), performers: count })).max(20),
    }),
  ),
});
export type RelatedTagsFile = z.infer<typeof relatedTagsFileSchema>;
