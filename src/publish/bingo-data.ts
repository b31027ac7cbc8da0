import { z } from "zod";
import { commonGoalItems } from "../db/queries/bingo-items.ts";
import { addDays } from "../rules/calendar.ts";
import { lastClosedDay } from "../stats/ranking-day.ts";
import { asStorage } from "../storage/directory-storage.ts";
import type { StorageOrDir } from "../storage/storage.ts";
import type { DayPublisher, PublishContext } from "./context.ts";
import { BINGO_PATHS } from "./paths.ts";
import { type PublishedFile, publishedKey, publishJson } from "./write-file.ts";

/** The days the file covers: the 30 ending with its day. */
export const BINGO_DAYS = 30;
/** Items per group: enough to fill five 5 × 5 cards without repeating one. */
export const BINGO_ITEMS = 100;
/** An item asked for by one performer alone is that performer's menu, not a common item. */
export const BINGO_MIN_PERFORMERS = 2;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const tokens = z.number().int().min(1).max(1_000_000);

export const bingoItemSchema = z.strictObject({
  /** The item as most performers wrote it. */
  item: z.string().min(1),
  /** The normal form it is grouped by (lower case, spaces collapsed): the tip menu search's key. */
  key: z.string().min(1),
  /** Performers who had it as a goal in the window. */
  performers: z.number().int().min(BINGO_MIN_PERFORMERS),
  /** Their prices' quartiles and median, in whole tokens. */
  p25: tokens,
  median: tokens,
  p75: tokens,
});
export type BingoItem = z.infer<typeof bingoItemSchema>;

export const BINGO_GROUPS = ["all", "women", "men", "couples", "trans"] as const;
export type BingoGroup = (typeof BINGO_GROUPS)[number];
const GROUP_OF_CODE = { all: "all", f: "women", m: "men", c: "couples", t: "trans" } as const;

export const bingoDataFileSchema = z.strictObject({
  /** The last day covered; the file is as of this day. */
  day,
  /** The first day covered. */
  from: day,
  /** The performers an item needs to be listed. */
  minPerformers: z.number().int().positive(),
  /** The most common goal items per gender (all: every gender), most performers first. */
  items: z.strictObject(
    Object.fromEntries(BINGO_GROUPS.map((g) => [g, z.array(bingoItemSchema).max(BINGO_ITEMS)])) as Record<
      BingoGroup,
      z.ZodArray<typeof bingoItemSchema>
    >,
  ),
});
export type BingoDataFile = z.infer<typeof bingoDataFileSchema>;

/**
 * /api/bingo_data.json (SPEC §7's bingo data file): the goal items performers put in their room
 * subjects most, over the 30 days ending with the day, with what they charge (goal amounts only:
 * docs/decisions/0025-bingo-cards.md). The bingo card creator starts from it.
 */
export const publishBingoData: DayPublisher = async ({ db, root }, today) => {
  const from = addDays(today, -(BINGO_DAYS - 1));
  const rows = await commonGoalItems(
    db,
    { from: new Date(`${from}T00:00:00Z`), to: new Date(`${addDays(today, 1)}T00:00:00Z`) },
    BINGO_MIN_PERFORMERS,
    BINGO_ITEMS,
  );
  const items = Object.fromEntries(BINGO_GROUPS.map((g) => [g, [] as BingoItem[]])) as Record<
    BingoGroup,
    BingoItem[]
  >;
  for (const { group, key, item, performers, p25, median, p75 } of rows) {
    items[GROUP_OF_CODE[group]].push({
      item,
      key,
      performers,
      p25: Math.round(p25),
      median: Math.round(median),
      p75: Math.round(p75),
    });
  }
  const file: BingoDataFile = { day: today, from, minPerformers: BINGO_MIN_PERFORMERS, items };
  return [await publishJson(root, BINGO_PATHS.data, file)];
};

/**
 * At start: the file as of the last closed day when there is none yet, so the creator's data link
 * answers before the first daily run (which then keeps it current). null when it exists.
 */
export async function publishBingoDataIfMissing(
  context: PublishContext<StorageOrDir>,
  now: number,
): Promise<PublishedFile | null> {
  if ((await asStorage(context.root).stamp(publishedKey(BINGO_PATHS.data))) !== null) return null;
  const [file] = await publishBingoData(context, lastClosedDay(now));
  return file ?? null;
}
