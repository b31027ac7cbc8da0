import { z } from "zod";
import { RANKING_GENDERS, type RankingGender } from "./paths.ts";

/**
 * The shapes of the ranking files (SPEC §3), strict: a file with a field more or less fails.
 * Tests validate every published file against these; pages can parse with them too.
 */

const count = z.number().int().min(0);
const tags = z.array(z.string().min(1));

export const dailyViewerEntrySchema = z.strictObject({
  u: z.string().min(1),
  max_u: count,
  num_f: count,
  fg: z.number().int(),
  t: tags,
  hasThumb: z.boolean(),
});
export const dailyViewerFileSchema = z.array(dailyViewerEntrySchema).max(100);

const tagList = z.array(z.string().min(1));

/** /stats/{date}/index.json: the tags that have lists that day, per gender (every gender has its untagged list). */
export const dailyIndexSchema = z.strictObject({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  lists: z.strictObject(
    Object.fromEntries(RANKING_GENDERS.map((g) => [g, tagList])) as Record<RankingGender, typeof tagList>,
  ),
});
export type DailyIndex = z.infer<typeof dailyIndexSchema>;

export const tagFrequencyFileSchema = z
  .array(
    z.strictObject({ tag: z.string().min(1), rank: z.number().int().min(1), count: z.number().int().min(1) }),
  )
  .max(50);

export const rankedRowSchema = z.strictObject({
  u: z.string().min(1),
  rank: z.number().int().min(1),
  pr: z.number().int().min(1).nullable(),
  score: z.number().min(0).max(100),
  score_details: z.strictObject({
    broadcasts: count,
    best_rank: z.number().int().min(1).nullable(),
    most_viewers: count,
    camTime: count,
    f: count,
    fg: z.number().int(),
  }),
  max_u: count,
  f: count,
  fg: z.number().int(),
  t: tags,
});
export const rankedFileSchema = z.array(rankedRowSchema);
