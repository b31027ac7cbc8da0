import { z } from "zod";
import { type TagChangeDay, tagChangeDays } from "../db/queries/profile-updates.ts";
import { addDays } from "../rules/calendar.ts";
import type { DayPublisher } from "./context.ts";
import { EXTRA_PATHS } from "./paths.ts";
import { publishJson } from "./write-file.ts";

/** The days the file covers (the 7 ending with its day) and the most entries it holds. */
export const PROFILE_UPDATE_DAYS = 7;
export const PROFILE_UPDATES_MAX = 200;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const common = { day, username: z.string(), followers: z.number().int().nullable() };

export const profileUpdateSchema = z.discriminatedUnion("kind", [
  z.strictObject({ ...common, kind: z.literal("new"), tags: z.array(z.string()) }),
  z.strictObject({
    ...common,
    kind: z.literal("tags"),
    added: z.array(z.string()),
    removed: z.array(z.string()),
  }),
]);
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const recentProfileUpdatesFileSchema = z.strictObject({
  day,
  from: day,
  updates: z.array(profileUpdateSchema).max(PROFILE_UPDATES_MAX),
});
export type RecentProfileUpdatesFile = z.infer<typeof recentProfileUpdatesFileSchema>;

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function profileUpdateOf(d: TagChangeDay): ProfileUpdate {
  const base = { day: d.day, username: d.username, followers: d.followers };
  if (d.isNew) return { ...base, kind: "new", tags: [...d.tags].sort(byCodeUnits) };
  const before = new Set(d.previousTags ?? []);
  const now = new Set(d.tags);
  return {
    ...base,
    kind: "tags",
    added: [...now].filter((t) => !before.has(t)).sort(byCodeUnits),
    removed: [...before].filter((t) => !now.has(t)).sort(byCodeUnits),
  };
}

/**
 * /api/recent_profile_updates.json: what we can observe of profile changes from the feed alone,
 * the performers first seen and those whose stream tags changed, over the 7 days ending with the day.
 */
export const publishRecentProfileUpdates: DayPublisher = async ({ db, root }, today) => {
  const from = addDays(today, -(PROFILE_UPDATE_DAYS - 1));
  const days = await tagChangeDays(db, from, today, PROFILE_UPDATES_MAX);
  const file: RecentProfileUpdatesFile = { day: today, from, updates: days.map(profileUpdateOf) };
  return [await publishJson(root, EXTRA_PATHS.recentProfileUpdates, file)];
};
