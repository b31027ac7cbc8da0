import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { publishManifest } from "../../src/publish/manifest.ts";
import { publishOnlineUsers } from "../../src/publish/online-users.ts";
import { dailyIndexPath, dailyTagFrequencyPath, dailyViewerRankingPath } from "../../src/publish/paths.ts";
import type { DailyIndex } from "../../src/publish/ranking-schemas.ts";
import { publishJson } from "../../src/publish/write-file.ts";
import type { DailyViewerEntry } from "../../src/stats/rankings/daily-viewers.ts";
import { RANKING_GENDERS, type RankingGender } from "../../src/stats/rankings/vocabulary.ts";

/**
 * A publish directory holding the daily viewer ranking files of a few days, written the way the
 * daily job writes them (publishJson, the manifest, the online-users list), for the page tests.
 *
 * Days, oldest first: FIRST_DAY, MIDDLE_DAY, LATEST_DAY, long past, so that "yesterday" is never
 * among them and the manifest's latest is the page's latest day whatever the clock says.
 * - every gender has its untagged list every day, except trans on FIRST_DAY (a list without files);
 * - tags with lists: all: asian, latina on LATEST_DAY, asian before; women: asian every day;
 *   men: muscle on LATEST_DAY. couples and trans: none.
 * - the 'all' list of LATEST_DAY has 100 rows, women 60, the others a few.
 */
export const FIRST_DAY = "2026-01-08";
export const MIDDLE_DAY = "2026-01-09";
export const LATEST_DAY = "2026-01-10";
export const DAYS = [FIRST_DAY, MIDDLE_DAY, LATEST_DAY] as const;

export type Row = DailyViewerEntry;

const PREFIX: Record<RankingGender, string> = { all: "p", couples: "c", women: "w", men: "m", trans: "t" };
const SIZE: Record<RankingGender, number> = { all: 100, couples: 4, women: 60, men: 6, trans: 3 };
const TAGS = ["asian", "latina", "muscle", "feet", "lovense"];

/** The ranked rows of a list: usernames {p|c|w|m|t}{day digit}_{rank}, viewers falling with the rank. */
export function fixtureRows(day: string, gender: RankingGender, tag?: string, size = SIZE[gender]): Row[] {
  const dayDigit = day.slice(-1);
  return Array.from({ length: size }, (_, i) => ({
    u: `${PREFIX[gender]}${tag ? `${tag}_` : ""}${dayDigit}_${String(i + 1).padStart(3, "0")}`,
    max_u: Math.max(3, 12_000 - i * 120),
    num_f: 200_000 - i * 1_500,
    fg: i % 3 === 0 ? 1_250 - i : i % 3 === 1 ? -(40 + i) : 0,
    t: tag ? [tag, TAGS[i % TAGS.length] as string] : [TAGS[i % TAGS.length] as string],
    hasThumb: false,
  }));
}

const TAG_LISTS: Record<string, Partial<Record<RankingGender, string[]>>> = {
  [FIRST_DAY]: { all: ["asian"], women: ["asian"] },
  [MIDDLE_DAY]: { all: ["asian"], women: ["asian"] },
  [LATEST_DAY]: { all: ["asian", "latina"], women: ["asian"], men: ["muscle"] },
};

export interface DailyViewerFixture {
  root: string;
  /** The usernames written to the online-users list (live now). */
  online: string[];
  remove(): Promise<void>;
}

/**
 * Writes the fixture. `online` goes to /api/{abbr}_online_users.json as of `now` (the list the
 * collector writes after each poll).
 */
export async function writeDailyViewerFixture(
  options: { abbr: string; online: string[]; now?: Date } = { abbr: "tc", online: [] },
): Promise<DailyViewerFixture> {
  const root = await mkdtemp(path.join(tmpdir(), "daily-viewers-"));
  for (const day of DAYS) {
    const lists = TAG_LISTS[day] ?? {};
    const index: DailyIndex = {
      day,
      lists: Object.fromEntries(RANKING_GENDERS.map((g) => [g, lists[g] ?? []])) as DailyIndex["lists"],
    };
    for (const gender of RANKING_GENDERS) {
      if (!(day === FIRST_DAY && gender === "trans")) {
        await publishJson(root, dailyViewerRankingPath(day, gender), fixtureRows(day, gender));
      }
      for (const tag of index.lists[gender]) {
        await publishJson(root, dailyViewerRankingPath(day, gender, tag), fixtureRows(day, gender, tag, 12));
      }
      const frequency = [...TAGS, "women"].map((tag, i) => ({ tag, rank: i + 1, count: 120 - i * 20 }));
      await publishJson(root, dailyTagFrequencyPath(day, gender), frequency);
    }
    await publishJson(root, dailyIndexPath(day), index);
  }
  await publishManifest(root, [...DAYS]);
  await publishOnlineUsers(root, options.abbr, options.now ?? new Date(), options.online);
  return { root, online: options.online, remove: () => rm(root, { recursive: true, force: true }) };
}
