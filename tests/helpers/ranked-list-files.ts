import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { z } from "zod";
import { publishManifest } from "../../src/publish/manifest.ts";
import type { MonthlyIndex } from "../../src/publish/monthly-files.ts";
import { publishOnlineUsers } from "../../src/publish/online-users.ts";
import {
  datedTagFollowerGainPath,
  datedTagFollowersPath,
  FIXED_PATHS,
  followerIndexPath,
  monthlyViewerRankingPath,
  supportersPath,
  userFollowerGainPath,
  userFollowersPath,
  yearIndexPath,
  yearRankingPath,
} from "../../src/publish/paths.ts";
import type {
  FollowerIndex,
  rankedRowSchema,
  SupporterEntry,
  YearIndex,
} from "../../src/publish/ranking-schemas.ts";
import { publishJson } from "../../src/publish/write-file.ts";
import {
  RANKING_GENDERS,
  type RankingGender,
  SUPPORTER_ORDERS,
  type SupporterOrder,
} from "../../src/stats/rankings/vocabulary.ts";

/**
 * A publish directory holding the files the ranked-list pages read (most followed, fastest rising,
 * top monthly, a year's lists, supporters), written with publishJson as the daily job writes them,
 * valid against the schemas of src/publish/ranking-schemas.ts and monthly-files.ts.
 *
 * Days, oldest first: FIRST_DAY, MIDDLE_DAY, LATEST_DAY, long past (yesterday is never among them,
 * so the manifest's latest is the pages' latest whatever the clock says).
 * - follower lists (user_followers, user_follower_gain): every gender every day; all has 120 rows
 *   (three pages: 50, 50, 20), the others a few;
 * - dated tag lists (all genders): asian every day, latina on LATEST_DAY only; 12 rows;
 * - 30-day lists: every gender, 120 rows for all; tags all: asian, latina; women: asian;
 * - supporters: both orders every day, 60 rows (two pages);
 * - a year's lists only with `year: true` (our history usually does not reach 2021).
 */
export const FIRST_DAY = "2026-01-08";
export const MIDDLE_DAY = "2026-01-09";
export const LATEST_DAY = "2026-01-10";
export const DAYS = [FIRST_DAY, MIDDLE_DAY, LATEST_DAY] as const;

type RankedRow = z.infer<typeof rankedRowSchema>;

const PREFIX: Record<RankingGender, string> = { all: "p", couples: "c", women: "w", men: "m", trans: "t" };
const SIZE: Record<RankingGender, number> = { all: 120, couples: 4, women: 30, men: 6, trans: 3 };
const TAGS = ["asian", "latina", "muscle", "feet"];
export const SUPPORTER_ROWS = 60;
export const TAG_ROWS = 12;

/**
 * The rows of a ranked list: usernames {kind}{p|c|w|m|t}{tag_}{day digit}_{rank} (kind f: most
 * followed, g: fastest rising, s: 30 days, y: a year), figures falling with the rank. pr: the rank
 * the day before, one place lower for even ranks, higher for odd ones, new for every tenth.
 */
export function rankedRows(
  kind: "f" | "g" | "s" | "y",
  day: string,
  gender: RankingGender,
  tag?: string,
  size = tag ? TAG_ROWS : SIZE[gender],
): RankedRow[] {
  return Array.from({ length: size }, (_, i) => {
    const rank = i + 1;
    return {
      u: `${kind}${PREFIX[gender]}${tag ? `${tag}_` : ""}${day.slice(-1)}_${String(rank).padStart(3, "0")}`,
      rank,
      pr: rank % 10 === 0 ? null : rank % 2 === 0 ? rank + 1 : rank === 1 ? 1 : rank - 1,
      score: Math.max(0, 95 - i * 0.5),
      score_details: {
        broadcasts: 20 - (i % 20),
        best_rank: i % 7 === 6 ? null : rank * 3,
        most_viewers: Math.max(3, 12_000 - i * 90),
        camTime: 2_700 - i,
        f: 200_000 - i * 1_000,
        fg: 1_250 - i * 10,
      },
      max_u: Math.max(3, 12_000 - i * 90),
      f: 200_000 - i * 1_000,
      fg: i % 3 === 1 ? -(40 + i) : 1_250 - i * 10,
      t: tag ? [tag, TAGS[i % TAGS.length] as string] : [TAGS[i % TAGS.length] as string],
    };
  });
}

/** A supporter list of a day in an order: {o}{day digit}_{rank}, o = g (gained) or h (per hour). */
export function supporterRows(day: string, order: SupporterOrder, size = SUPPORTER_ROWS): SupporterEntry[] {
  return Array.from({ length: size }, (_, i) => ({
    u: `s${order === "gained" ? "g" : "h"}${day.slice(-1)}_${String(i + 1).padStart(3, "0")}`,
    rank: i + 1,
    pr: i % 5 === 4 ? null : i + 2,
    gained: 900 - i * 10,
    per_hour: Math.round((90 - i * 0.7) * 10) / 10,
    minutes: 600 - i,
    f: 50_000 - i * 100,
    fg: 3_000 - i * 20,
    t: [TAGS[i % TAGS.length] as string],
  }));
}

const FOLLOWER_TAGS: Record<string, string[]> = {
  [FIRST_DAY]: ["asian"],
  [MIDDLE_DAY]: ["asian"],
  [LATEST_DAY]: ["asian", "latina"],
};

const MONTHLY_TAGS: Partial<Record<RankingGender, string[]>> = { all: ["asian", "latina"], women: ["asian"] };

export interface RankedListFixture {
  root: string;
  remove(): Promise<void>;
}

/**
 * Writes the fixture. `online` goes to /api/{abbr}_online_users.json as of `now`; `year` adds the
 * 2021 lists (index and files, the same tags as the 30-day lists).
 */
export async function writeRankedListFixture(
  options: { abbr?: string; online?: string[]; now?: Date; year?: boolean } = {},
): Promise<RankedListFixture> {
  const root = await mkdtemp(path.join(tmpdir(), "ranked-lists-"));
  for (const day of DAYS) {
    const tags = FOLLOWER_TAGS[day] ?? [];
    for (const gender of RANKING_GENDERS) {
      await publishJson(root, userFollowersPath(day, gender), rankedRows("f", day, gender));
      await publishJson(root, userFollowerGainPath(day, gender), rankedRows("g", day, gender));
    }
    for (const tag of tags) {
      await publishJson(root, datedTagFollowersPath(day, tag), rankedRows("f", day, "all", tag));
      await publishJson(root, datedTagFollowerGainPath(day, tag), rankedRows("g", day, "all", tag));
    }
    await publishJson(root, followerIndexPath(day), { day, tags } satisfies FollowerIndex);
    for (const order of SUPPORTER_ORDERS) {
      await publishJson(root, supportersPath(day, order), supporterRows(day, order));
    }
  }
  const lists = Object.fromEntries(
    RANKING_GENDERS.map((g) => [g, MONTHLY_TAGS[g] ?? []]),
  ) as MonthlyIndex["lists"];
  for (const gender of RANKING_GENDERS) {
    await publishJson(root, monthlyViewerRankingPath(gender), rankedRows("s", LATEST_DAY, gender));
    for (const tag of lists[gender]) {
      await publishJson(
        root,
        monthlyViewerRankingPath(gender, tag),
        rankedRows("s", LATEST_DAY, gender, tag),
      );
    }
    if (options.year) {
      await publishJson(root, yearRankingPath("2021", gender), rankedRows("y", "2021-12-31", gender));
      for (const tag of lists[gender]) {
        await publishJson(
          root,
          yearRankingPath("2021", gender, tag),
          rankedRows("y", "2021-12-31", gender, tag),
        );
      }
    }
  }
  await publishJson(root, FIXED_PATHS.monthlyIndex, {
    day: LATEST_DAY,
    lists,
    tagFollowers: [],
  } satisfies MonthlyIndex);
  if (options.year) {
    await publishJson(root, yearIndexPath("2021"), {
      year: "2021",
      from: "2021-01-01",
      to: "2021-12-31",
      lists,
    } satisfies YearIndex);
  }
  await publishManifest(root, [...DAYS]);
  await publishOnlineUsers(root, options.abbr ?? "tc", options.now ?? new Date(), options.online ?? []);
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
