import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { publishManifest } from "../../src/publish/manifest.ts";
import type { MonthlyIndex } from "../../src/publish/monthly-files.ts";
import { publishOnlineUsers } from "../../src/publish/online-users.ts";
import {
  dailyIndexPath,
  dailyViewerRankingPath,
  FIXED_PATHS,
  monthlyViewerRankingPath,
  TAG_RELATED_PATH,
  tagExplorerPath,
  tagFollowerGainPath,
  tagFollowersPath,
  userFollowerGainPath,
  userFollowersPath,
} from "../../src/publish/paths.ts";
import type { DailyIndex } from "../../src/publish/ranking-schemas.ts";
import type {
  AllTagsFile,
  MonthlyFile,
  RelatedTagsFile,
  TagCountsFile,
  TagFigureFile,
  TagMapFile,
} from "../../src/publish/tag-explorer-schemas.ts";
import { publishJson } from "../../src/publish/write-file.ts";
import { RANKING_GENDERS, type RankingGender } from "../../src/stats/rankings/vocabulary.ts";

/**
 * A publish directory holding the latest editions the tag ranking overview reads, written as the
 * daily job writes them (publishJson; valid against the publishers' schemas), for the page tests.
 *
 * - days EARLIER_DAY and LATEST_DAY, long past, so the manifest's latest is the page's day;
 * - tags with 30-day lists: all: asian, feet, latina; women: asian, feet; men: muscle; couples and
 *   trans none. The tag follower lists (every gender) exist for asian, feet and latina;
 * - LATEST_DAY's daily lists: every gender untagged; all: asian, latina; women: asian;
 * - missing on purpose: trans' fastest rising of LATEST_DAY (an empty tab, not a 404);
 * - every list has 30 rows (the page shows 25) named {tab}_{gender}[_{tag}]_{rank}:
 *   `fol_all_asian_001` is the first of asian's most followed.
 */
export const EARLIER_DAY = "2026-01-09";
export const LATEST_DAY = "2026-01-10";
export const LIST_SIZE = 30;

export type FixtureTab = "fol" | "mon" | "vie" | "gro";

const MONTHLY_TAGS: Record<RankingGender, string[]> = {
  all: ["asian", "feet", "latina"],
  couples: [],
  women: ["asian", "feet"],
  men: ["muscle"],
  trans: [],
};
const DAILY_TAGS: Record<RankingGender, string[]> = {
  all: ["asian", "latina"],
  couples: [],
  women: ["asian"],
  men: [],
  trans: [],
};

/** The username at a rank (from 1) of a fixture list. */
export function fixtureName(
  tab: FixtureTab,
  gender: RankingGender,
  tag: string | null,
  rank: number,
): string {
  return `${tab}_${gender}${tag === null ? "" : `_${tag}`}_${String(rank).padStart(3, "0")}`;
}

/** A ranked list (most followed, fastest rising, top monthly): SPEC §3's ranked rows. */
function rankedRows(tab: FixtureTab, gender: RankingGender, tag: string | null) {
  return Array.from({ length: LIST_SIZE }, (_, i) => {
    const f = 500_000 - i * 9_000;
    const fg = 20_000 - i * 500;
    return {
      u: fixtureName(tab, gender, tag, i + 1),
      rank: i + 1,
      pr: i === 0 ? null : i,
      score: Math.round((99.5 - i * 1.25) * 100) / 100,
      score_details: {
        broadcasts: 20,
        best_rank: i + 1,
        most_viewers: 9_000 - i * 100,
        camTime: 3_000,
        f,
        fg,
      },
      max_u: 9_000 - i * 100,
      f,
      fg,
      t: tag === null ? ["cute"] : [tag, "cute"],
    };
  });
}

/** A daily viewer ranking list: SPEC §3's daily entries. */
function dailyRows(gender: RankingGender, tag: string | null) {
  return Array.from({ length: LIST_SIZE }, (_, i) => ({
    u: fixtureName("vie", gender, tag, i + 1),
    max_u: Math.max(5, 4_250 - i * 150),
    num_f: 90_000 - i * 1_000,
    fg: 300 - i * 20,
    t: tag === null ? ["cute"] : [tag],
    hasThumb: false,
  }));
}

const explorerCounts: Record<
  string,
  { count: number; couples: number; women: number; men: number; trans: number }
> = {
  cute: { count: 300, couples: 20, women: 200, men: 50, trans: 30 },
  asian: { count: 120, couples: 5, women: 100, men: 10, trans: 5 },
  latina: { count: 90, couples: 10, women: 70, men: 5, trans: 5 },
  feet: { count: 60, couples: 2, women: 50, men: 4, trans: 4 },
  muscle: { count: 40, couples: 0, women: 0, men: 40, trans: 0 },
};

export interface TagOverviewFixture {
  root: string;
  remove(): Promise<void>;
}

/** Writes the fixture; `online` goes to /api/{abbr}_online_users.json as of `now`. */
export async function writeTagOverviewFixture(options: {
  abbr: string;
  online: string[];
  now?: Date;
}): Promise<TagOverviewFixture> {
  const root = await mkdtemp(path.join(tmpdir(), "tag-overview-"));
  const monthlyIndex: MonthlyIndex = {
    day: LATEST_DAY,
    lists: MONTHLY_TAGS,
    tagFollowers: MONTHLY_TAGS.all,
  };
  const dailyIndex: DailyIndex = { day: LATEST_DAY, lists: DAILY_TAGS };
  for (const gender of RANKING_GENDERS) {
    await publishJson(root, monthlyViewerRankingPath(gender), rankedRows("mon", gender, null));
    for (const tag of MONTHLY_TAGS[gender]) {
      await publishJson(root, monthlyViewerRankingPath(gender, tag), rankedRows("mon", gender, tag));
    }
    await publishJson(root, userFollowersPath(LATEST_DAY, gender), rankedRows("fol", gender, null));
    if (gender !== "trans") {
      await publishJson(root, userFollowerGainPath(LATEST_DAY, gender), rankedRows("gro", gender, null));
    }
    await publishJson(root, dailyViewerRankingPath(LATEST_DAY, gender), dailyRows(gender, null));
    for (const tag of DAILY_TAGS[gender]) {
      await publishJson(root, dailyViewerRankingPath(LATEST_DAY, gender, tag), dailyRows(gender, tag));
    }
  }
  for (const tag of monthlyIndex.tagFollowers) {
    await publishJson(root, tagFollowersPath(tag), rankedRows("fol", "all", tag));
    await publishJson(root, tagFollowerGainPath(tag), rankedRows("gro", "all", tag));
  }
  await publishJson(root, FIXED_PATHS.monthlyIndex, monthlyIndex);
  await publishJson(root, dailyIndexPath(EARLIER_DAY), {
    day: EARLIER_DAY,
    lists: { all: [], couples: [], women: [], men: [], trans: [] },
  } satisfies DailyIndex);
  await publishJson(root, dailyIndexPath(LATEST_DAY), dailyIndex);
  await publishManifest(root, [EARLIER_DAY, LATEST_DAY]);

  const ranked = Object.entries(explorerCounts);
  const tagMap: TagMapFile = {
    day: LATEST_DAY,
    tags: Object.fromEntries(ranked.map(([tag, counts], i) => [tag, { rank: i + 1, ...counts }])),
  };
  const tagCounts: TagCountsFile = {
    day: LATEST_DAY,
    tags: ranked.map(([tag, counts]) => ({ tag, ...counts })),
  };
  await publishJson(root, tagExplorerPath("tagMap"), tagMap);
  await publishJson(root, tagExplorerPath("tagCounts"), tagCounts);
  await writeExplorerFigures(
    root,
    ranked.map(([tag]) => tag),
  );

  await publishOnlineUsers(root, options.abbr, options.now ?? new Date(), options.online);
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/** The 12 months of the tag explorer's series, ending with LATEST_DAY's month. */
export const EXPLORER_MONTHS = [
  "2025-02",
  "2025-03",
  "2025-04",
  "2025-05",
  "2025-06",
  "2025-07",
  "2025-08",
  "2025-09",
  "2025-10",
  "2025-11",
  "2025-12",
  "2026-01",
];
/** A tag used in the 30 days but not on LATEST_DAY: it has a page, without figures. */
export const QUIET_TAG = "quiet";

/**
 * The tag explorer's other files: every top tag's months (the first ten unknown, then 20 and 30
 * a day for cute, half that for the others), the day's averages (cute: 3,250,000 followers on
 * average, to try the axis labels), allTags with the quiet tag, and related tags (asian and
 * latina go with cute).
 */
async function writeExplorerFigures(root: string, tags: string[]): Promise<void> {
  // cute has five months with one missing (a line with a gap); the others two (too few for a line).
  const months = (tag: string) =>
    tag === "cute"
      ? [...EXPLORER_MONTHS.slice(0, 7).map(() => null), 12, 14, null, 20, 30]
      : [...EXPLORER_MONTHS.slice(0, 10).map(() => null), 10, 15];
  const monthly: MonthlyFile = {
    day: LATEST_DAY,
    months: EXPLORER_MONTHS,
    tags: Object.fromEntries(tags.map((tag) => [tag, months(tag)])),
  };
  const figure = (total: number, average: number | null) => ({ total, average });
  const figures = (average: number): TagFigureFile => ({
    day: LATEST_DAY,
    tags: Object.fromEntries(
      tags.map((tag, i) => [
        tag,
        {
          all: figure(average * 10, average / (i + 1)),
          couples: figure(0, null),
          women: figure(average * 5, average),
          men: figure(0, null),
          trans: figure(0, null),
        },
      ]),
    ),
  });
  const allTags: AllTagsFile = { day: LATEST_DAY, from: "2025-12-12", tags: [...tags, QUIET_TAG].sort() };
  const related: RelatedTagsFile = {
    day: LATEST_DAY,
    from: "2025-12-12",
    tags: Object.fromEntries(
      tags.map((tag) => [
        tag,
        {
          performers: 400,
          related:
            tag === "cute"
              ? [
                  { tag: "asian", performers: 90 },
                  { tag: "latina", performers: 60 },
                ]
              : [],
        },
      ]),
    ),
  };
  await publishJson(root, tagExplorerPath("monthly"), monthly);
  await publishJson(root, tagExplorerPath("viewers"), figures(1_500));
  await publishJson(root, tagExplorerPath("follower_count"), figures(3_250_000));
  await publishJson(root, tagExplorerPath("follower_gain"), figures(-120));
  await publishJson(root, tagExplorerPath("allTags"), allTags);
  await publishJson(root, TAG_RELATED_PATH, related);
}
