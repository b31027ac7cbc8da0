import type { z } from "zod";
import { RANKING_GENDERS, SUPPORTER_ORDERS } from "../stats/rankings/vocabulary.ts";
import type { DayPublisher } from "./context.ts";
import { type CsvCell, toCsv } from "./csv.ts";
import { OPEN_DATA_README } from "./open-data-readme.ts";
import {
  dailyViewerRankingPath,
  OPEN_DATA_README_PATH,
  openDataPath,
  supportersPath,
  userFollowerGainPath,
  userFollowersPath,
} from "./paths.ts";
import { dailyViewerFileSchema, rankedFileSchema, supporterFileSchema } from "./ranking-schemas.ts";
import { readPublishedJson } from "./read-published-json.ts";
import { type PublishedFile, publishBytes } from "./write-file.ts";

/** One open data file of a day: its columns, and how each of its JSON sources becomes rows. */
interface Family<T> {
  name: OpenDataFamily;
  columns: readonly string[];
  /** The lists it gathers, each under its name in the first column. */
  sources: (day: string) => { list: string; path: string }[];
  schema: z.ZodType<T[]>;
  row: (entry: T, index: number) => CsvCell[];
}

export const OPEN_DATA_FAMILIES = ["viewers", "followers", "growing", "supporters"] as const;
export type OpenDataFamily = (typeof OPEN_DATA_FAMILIES)[number];

const RANKED_COLUMNS = [
  "list",
  "rank",
  "previous_rank",
  "username",
  "score",
  "followers",
  "follower_change_7d",
  "peak_viewers",
  "broadcasts",
  "best_rank",
  "minutes_online",
  "tags",
] as const;

type RankedRow = z.infer<typeof rankedFileSchema>[number];
const rankedRow = (e: RankedRow): CsvCell[] => [
  e.rank,
  e.pr,
  e.u,
  e.score,
  e.f,
  e.fg,
  e.max_u,
  e.score_details.broadcasts,
  e.score_details.best_rank,
  e.score_details.camTime,
  e.t.join(" "),
];

const byGender = (path: (gender: (typeof RANKING_GENDERS)[number]) => string) =>
  RANKING_GENDERS.map((gender) => ({ list: gender, path: path(gender) }));

/** A family with its entry type checked here, and forgotten in the list of them. */
const family = <T>(f: Family<T>) => f as unknown as Family<unknown>;

const FAMILIES: readonly Family<unknown>[] = [
  family({
    name: "viewers",
    columns: ["list", "rank", "username", "peak_viewers", "followers", "follower_change_7d", "tags"],
    sources: (day) => byGender((g) => dailyViewerRankingPath(day, g)),
    schema: dailyViewerFileSchema,
    row: (e, i) => [i + 1, e.u, e.max_u, e.num_f, e.fg, e.t.join(" ")],
  }),
  family({
    name: "followers",
    columns: RANKED_COLUMNS,
    sources: (day) => byGender((g) => userFollowersPath(day, g)),
    schema: rankedFileSchema,
    row: rankedRow,
  }),
  family({
    name: "growing",
    columns: RANKED_COLUMNS,
    sources: (day) => byGender((g) => userFollowerGainPath(day, g)),
    schema: rankedFileSchema,
    row: rankedRow,
  }),
  family({
    name: "supporters",
    columns: [
      "list",
      "rank",
      "previous_rank",
      "username",
      "followers_gained",
      "gained_per_hour",
      "minutes_online",
      "followers",
      "follower_change_7d",
      "tags",
    ],
    sources: (day) => SUPPORTER_ORDERS.map((order) => ({ list: order, path: supportersPath(day, order) })),
    schema: supporterFileSchema,
    row: (e) => [e.rank, e.pr, e.u, e.gained, e.per_hour, e.minutes, e.f, e.fg, e.t.join(" ")],
  }),
];

/** The columns of each family's CSV, for the README's test. */
export const OPEN_DATA_COLUMNS = new Map(FAMILIES.map((f) => [f.name, f.columns]));

/**
 * The open data of one day (issue 21): one CSV per ranking family, /data/{date}/{family}.csv,
 * made from the day's published JSON files (written just before by the other dated publishers), so
 * a CSV says exactly what the site shows. A list that was not published that day has no rows.
 * The README of the columns and the licence is written beside them at /data/README.md.
 */
export const publishOpenData: DayPublisher = async ({ root }, day) => {
  const files: PublishedFile[] = [];
  for (const family of FAMILIES) {
    const rows: CsvCell[][] = [];
    for (const { list, path } of family.sources(day)) {
      const entries = (await readPublishedJson(root, path, family.schema)) ?? [];
      entries.forEach((entry, i) => {
        rows.push([list, ...family.row(entry, i)]);
      });
    }
    files.push(
      await publishBytes(root, openDataPath(day, family.name), Buffer.from(toCsv(family.columns, rows))),
    );
  }
  files.push(await publishBytes(root, OPEN_DATA_README_PATH, Buffer.from(OPEN_DATA_README)));
  return files;
};
