import {
  coUsedTags,
  monthsWithData,
  type TagGenderDay,
  tagGenderDay,
  tagMonths,
  tagPerformersOver,
  tagsSeen,
} from "../db/queries/tag-explorer.ts";
import type { GenderKey } from "../db/schema.ts";
import { addDays, monthsEndingWith } from "../rules/calendar.ts";
import { isValidDate } from "../site/shown-days.ts";
import { asStorage } from "../storage/directory-storage.ts";
import type { StorageOrDir } from "../storage/storage.ts";
import type { DayPublisher } from "./context.ts";
import {
  TAG_EXPLORER_DATASETS,
  TAG_EXPLORER_DIR,
  TAG_RELATED_PATH,
  type TagExplorerDataset,
  tagExplorerDayPath,
  tagExplorerPath,
} from "./paths.ts";
import type {
  AllTagsFile,
  MonthlyFile,
  RelatedTagsFile,
  TagCountsFile,
  TagFigureFile,
  TagMapFile,
} from "./tag-explorer-schemas.ts";
import { type PublishedFile, publishedKey, publishJson } from "./write-file.ts";

/** Tags with figures of their own (the tag cloud's most, SPEC §9), and the days allTags covers. */
export const TOP_TAGS = 200;
export const ALL_TAGS_DAYS = 30;
export const MONTHS = 12;
/** The co-used tags kept per top tag. */
export const RELATED_PER_TAG = 12;

const GENDER_NAMES = ["couples", "women", "men", "trans"] as const;
type GenderName = (typeof GENDER_NAMES)[number];
/** Unknown gender ('u') counts in "all" only. */
const GENDER_OF_KEY: Record<GenderKey, GenderName | null> = {
  c: "couples",
  f: "women",
  m: "men",
  t: "trans",
  u: null,
};

type PerGender<T> = Record<"all" | GenderName, T>;

interface TagDay {
  tag: string;
  performers: PerGender<number>;
  viewers: PerGender<number>;
  followers: PerGender<number>;
  followerGain: PerGender<number>;
}

const zeros = (): PerGender<number> => ({ all: 0, couples: 0, women: 0, men: 0, trans: 0 });
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The day's tags with per-gender figures, ranked: most performers first, then by tag. */
export function rankTags(rows: readonly TagGenderDay[]): TagDay[] {
  const tags = new Map<string, TagDay>();
  for (const row of rows) {
    let tag = tags.get(row.tag);
    if (!tag) {
      tag = {
        tag: row.tag,
        performers: zeros(),
        viewers: zeros(),
        followers: zeros(),
        followerGain: zeros(),
      };
      tags.set(row.tag, tag);
    }
    const name = GENDER_OF_KEY[row.gender];
    for (const key of name === null ? (["all"] as const) : (["all", name] as const)) {
      tag.performers[key] += row.performers;
      tag.viewers[key] += row.viewersSum;
      tag.followers[key] += row.followersSum;
      tag.followerGain[key] += row.followerGainSum;
    }
  }
  return [...tags.values()].sort((a, b) => b.performers.all - a.performers.all || byCodeUnits(a.tag, b.tag));
}

const countsOf = (t: TagDay) => ({
  count: t.performers.all,
  couples: t.performers.couples,
  women: t.performers.women,
  men: t.performers.men,
  trans: t.performers.trans,
});

function figureFile(
  day: string,
  top: readonly TagDay[],
  pick: (t: TagDay) => PerGender<number>,
): TagFigureFile {
  const entry = (t: TagDay, key: keyof PerGender<number>) => ({
    total: pick(t)[key],
    average: t.performers[key] === 0 ? null : round2(pick(t)[key] / t.performers[key]),
  });
  return {
    day,
    tags: Object.fromEntries(
      top.map((t) => [
        t.tag,
        {
          all: entry(t, "all"),
          couples: entry(t, "couples"),
          women: entry(t, "women"),
          men: entry(t, "men"),
          trans: entry(t, "trans"),
        },
      ]),
    ),
  };
}

/**
 * The tag explorer's seven datasets (SPEC §3), each at /api/tag_explorer/{dataset}.json, from
 * tag_days as of the day. The top tags are those of tagCounts; monthly, viewers, follower_count and
 * follower_gain give figures for them only. Beside them related.json: the tags each top tag's
 * performers also used over the 30 days (from performer_days, which keeps the performer).
 */
export const publishTagExplorer: DayPublisher = async ({ db, root }, day) => {
  const ranked = rankTags(await tagGenderDay(db, day));
  const top = ranked.slice(0, TOP_TAGS);
  const months = monthsEndingWith(day, MONTHS);
  const monthStart = `${months[0]}-01`;
  const windowStart = addDays(day, -(ALL_TAGS_DAYS - 1));
  const topTags = top.map((t) => t.tag);
  const [seen, monthRows, dataDays, coUsed, windowPerformers] = await Promise.all([
    tagsSeen(db, windowStart, day),
    tagMonths(
      db,
      top.map((t) => t.tag),
      monthStart,
      day,
    ),
    monthsWithData(db, monthStart, day),
    coUsedTags(db, topTags, windowStart, day, RELATED_PER_TAG),
    tagPerformersOver(db, topTags, windowStart, day),
  ]);

  const tagMap: TagMapFile = {
    day,
    tags: Object.fromEntries(ranked.map((t, i) => [t.tag, { rank: i + 1, ...countsOf(t) }])),
  };
  const tagCounts: TagCountsFile = { day, tags: top.map((t) => ({ tag: t.tag, ...countsOf(t) })) };
  const allTags: AllTagsFile = { day, from: windowStart, tags: seen };
  const performerDays = new Map<string, Map<string, number>>();
  for (const r of monthRows) {
    const byMonth = performerDays.get(r.tag) ?? new Map<string, number>();
    performerDays.set(r.tag, byMonth.set(r.month, r.performerDays));
  }
  const monthly: MonthlyFile = {
    day,
    months,
    tags: Object.fromEntries(
      top.map((t) => [
        t.tag,
        months.map((month) => {
          const days = dataDays.get(month);
          return days === undefined ? null : round2((performerDays.get(t.tag)?.get(month) ?? 0) / days);
        }),
      ]),
    ),
  };

  const files: Record<TagExplorerDataset, unknown> = {
    tagMap,
    tagCounts,
    allTags,
    monthly,
    viewers: figureFile(day, top, (t) => t.viewers),
    follower_count: figureFile(day, top, (t) => t.followers),
    follower_gain: figureFile(day, top, (t) => t.followerGain),
  };
  const written: PublishedFile[] = [];
  // Each file twice: at SPEC §3's path (the latest edition) and in the day's folder, which the
  // pages read for their day (SPEC §5: now − 1 day − 1 hour, so until 01:00 UTC the day before).
  const publishBoth = async (path: string, data: unknown) => {
    written.push(await publishJson(root, path, data));
    written.push(await publishJson(root, tagExplorerDayPath(day, path), data));
  };
  for (const dataset of TAG_EXPLORER_DATASETS)
    if (dataset !== "tagCounts") await publishBoth(tagExplorerPath(dataset), files[dataset]);
  const related: RelatedTagsFile = {
    day,
    from: windowStart,
    tags: Object.fromEntries(
      topTags.map((tag) => [
        tag,
        {
          performers: windowPerformers.get(tag) ?? 0,
          related: coUsed
            .filter((r) => r.tag === tag)
            .map((r) => ({ tag: r.other, performers: r.performers })),
        },
      ]),
    ),
  };
  await publishBoth(TAG_RELATED_PATH, related);
  // Last: the pages take a day's edition as whole once its tagCounts is there (load.server.ts).
  await publishBoth(tagExplorerPath("tagCounts"), files.tagCounts);
  await dropOldEditions(root, day);
  return written;
};

/** How many days' editions stay beside the latest: the pages' day is yesterday or the day before. */
export const EXPLORER_EDITIONS_KEPT = 3;

/** Removes the day folders older than the kept editions (a newer one, from a rebuild, stays). */
async function dropOldEditions(root: StorageOrDir, day: string): Promise<void> {
  const oldest = addDays(day, -(EXPLORER_EDITIONS_KEPT - 1));
  const store = asStorage(root);
  const folder = `${publishedKey(TAG_EXPLORER_DIR)}/`;
  for (const { key } of await store.list(folder)) {
    // A day's edition is its folder's files: {folder}{day}/{file}.
    const [edition, ...rest] = key.slice(folder.length).split("/");
    if (rest.length > 0 && edition !== undefined && isValidDate(edition) && edition < oldest)
      await store.delete(key);
  }
}
