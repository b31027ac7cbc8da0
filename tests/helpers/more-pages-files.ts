import type { z } from "zod";
import type { CelebrationsFile } from "../../src/publish/celebrations.ts";
import {
  EXTRA_PATHS,
  monthlyViewerRankingPath,
  tagExplorerPath,
  userFollowersPath,
} from "../../src/publish/paths.ts";
import type { rankedRowSchema } from "../../src/publish/ranking-schemas.ts";
import type { TagMapFile } from "../../src/publish/tag-explorer-schemas.ts";
import { publishJson } from "../../src/publish/write-file.ts";
import { FIRST_DAY, LATEST_DAY, MIDDLE_DAY } from "./daily-viewer-files.ts";
import { rankedRows } from "./ranked-list-files.ts";

/**
 * What /race and /popular read beside the daily viewer fixture (tests/helpers/daily-viewer-files.ts),
 * written into its directory: the latest day's most followed lists (all and women) with runners of
 * known estimates, the celebrations file, asian's 30-day list and the tag explorer's tagMap.
 */

type RankedRow = z.infer<typeof rankedRowSchema>;

/** A valid ranked row with these followers and weekly gain. */
function runner(u: string, f: number, fg: number, rank: number): RankedRow {
  const base = rankedRows("f", LATEST_DAY, "all", undefined, 1)[0] as RankedRow;
  return { ...base, u, rank, f, fg, score_details: { ...base.score_details, f, fg } };
}

/**
 * Runners with known answers: fast (100 to go at 100 a day: 1 day), steady (5,000 at 500 a day:
 * 10 days), slow (500 at 1 a day: 500 days); stalled (no gain) and past (over the last milestone)
 * never run.
 */
export const RUNNERS = [
  runner("slow", 1_500, 7, 1),
  runner("past", 2_000_000, 10_000, 2),
  runner("stalled", 9_990, 0, 3),
  runner("steady", 45_000, 3_500, 4),
  runner("fast", 9_900, 700, 5),
];

/** 60 more runners 500 followers short of 2,000, 52 to 350 days away: they crowd `slow` out of the 50. */
export const FIELD = Array.from({ length: 60 }, (_, i) =>
  runner(`field${String(i).padStart(2, "0")}`, 1_500, 10 + i, 6 + i),
);

export const CELEBRATIONS: CelebrationsFile = {
  day: LATEST_DAY,
  from: FIRST_DAY,
  celebrations: [
    { day: MIDDLE_DAY, username: "earlier_one", kind: "followers", value: 5_000 },
    { day: LATEST_DAY, username: "latest_one", kind: "followers", value: 20_000 },
    { day: LATEST_DAY, username: "viewer_star", kind: "viewers", value: 1_000 },
    { day: LATEST_DAY, username: "ranked_one", kind: "rank", value: 3, badge: "Top 10" },
  ],
};

const counts = (count: number) => ({ count, couples: 0, women: count, men: 0, trans: 0 });

export const TAG_MAP: TagMapFile = {
  day: LATEST_DAY,
  tags: { asian: { rank: 3, ...counts(250) }, latina: { rank: 5, ...counts(120) } },
};

export async function writeMorePagesFiles(root: string): Promise<void> {
  await publishJson(root, userFollowersPath(LATEST_DAY, "all"), [...RUNNERS, ...FIELD]);
  await publishJson(root, userFollowersPath(LATEST_DAY, "women"), RUNNERS);
  await publishJson(root, EXTRA_PATHS.celebrations, CELEBRATIONS);
  await publishJson(
    root,
    monthlyViewerRankingPath("all", "asian"),
    rankedRows("s", LATEST_DAY, "all", "asian"),
  );
  await publishJson(root, tagExplorerPath("tagMap"), TAG_MAP);
}
