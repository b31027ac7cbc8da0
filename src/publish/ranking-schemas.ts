import { z } from "zod";
import { RANKING_GENDERS, type RankingGender } from "../stats/rankings/vocabulary.ts";

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

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** /stats/{date}/follower-index.json: the tags with dated most followed and fastest rising lists. */
export const followerIndexSchema = z.strictObject({ day, tags: tagList });
export type FollowerIndex = z.infer<typeof followerIndexSchema>;

/**
 * A supporter ranking row (/stats/{date}/supporters-{order}.json, docs/published-files.md): the new
 * followers a performer gained on the day (`gained`), minutes online that day, the gain per hour
 * online (one decimal), followers at the day's end, the 7-day change, the day's tags, and the rank in
 * the same order the day before (null when not in it).
 */
export const supporterEntrySchema = z.strictObject({
  u: z.string().min(1),
  rank: z.number().int().min(1),
  pr: z.number().int().min(1).nullable(),
  gained: z.number().int().min(1),
  per_hour: z.number().min(0),
  minutes: count,
  f: count,
  fg: z.number().int(),
  t: tags,
});
export type SupporterEntry = z.infer<typeof supporterEntrySchema>;
export const supporterFileSchema = z.array(supporterEntrySchema).max(100);

/** /stats/{year}/index.json: the days a year's lists cover and the tags with lists per gender. */
export const yearIndexSchema = z.strictObject({
  year: z.string().regex(/^\d{4}$/),
  from: day,
  to: day,
  lists: z.strictObject(
    Object.fromEntries(RANKING_GENDERS.map((g) => [g, tagList])) as Record<RankingGender, typeof tagList>,
  ),
});
export type YearIndex = z.infer<typeof yearIndexSchema>;
