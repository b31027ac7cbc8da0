import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { publishTwice, readPublishedBytes, testPublishContext } from "../../tests/helpers/publish.ts";
import type { Db } from "../db/connect.ts";
import type { PublishContext } from "./context.ts";
import { OPEN_DATA_COLUMNS, OPEN_DATA_FAMILIES, publishOpenData } from "./open-data-files.ts";
import { OPEN_DATA_README } from "./open-data-readme.ts";
import {
  dailyViewerRankingPath,
  OPEN_DATA_README_PATH,
  openDataPath,
  supportersPath,
  userFollowersPath,
} from "./paths.ts";
import { publishJson } from "./write-file.ts";

const DAY = "2026-11-20";

const ranked = (u: string, rank: number, pr: number | null) => ({
  u,
  rank,
  pr,
  score: 87.5,
  score_details: { broadcasts: 12, best_rank: null, most_viewers: 900, camTime: 2400, f: 15000, fg: -40 },
  max_u: 900,
  f: 15000,
  fg: -40,
  t: ["asian", "cute"],
});

describe("open data CSV", () => {
  let context: PublishContext & { remove(): Promise<void> };
  const csv = async (family: string) =>
    (await readPublishedBytes(context, openDataPath(DAY, family))).toString();

  beforeEach(async () => {
    // Reads published files only: no database.
    context = await testPublishContext(null as unknown as Db);
  });
  afterEach(() => context.remove());

  it("turns each list of the day into rows of its family's CSV, named in the first column", async () => {
    await publishJson(context.root, dailyViewerRankingPath(DAY, "all"), [
      { u: "ann", max_u: 5000, num_f: 120000, fg: 350, t: ["asian", "cute"], hasThumb: true },
      { u: "bob", max_u: 4000, num_f: 90000, fg: -12, t: [], hasThumb: false },
    ]);
    await publishJson(context.root, dailyViewerRankingPath(DAY, "women"), [
      { u: "ann", max_u: 5000, num_f: 120000, fg: 350, t: ["asian", "cute"], hasThumb: true },
    ]);
    await publishJson(context.root, userFollowersPath(DAY, "men"), [ranked("bob", 1, 3)]);
    await publishJson(context.root, supportersPath(DAY, "per-hour"), [
      { u: "cat", rank: 1, pr: null, gained: 30, per_hour: 7.5, minutes: 240, f: 800, fg: 31, t: ["new"] },
    ]);
    await publishOpenData(context, DAY);

    expect(await csv("viewers")).toBe(
      "list,rank,username,peak_viewers,followers,follower_change_7d,tags\r\n" +
        "all,1,ann,5000,120000,350,asian cute\r\n" +
        "all,2,bob,4000,90000,-12,\r\n" +
        "women,1,ann,5000,120000,350,asian cute\r\n",
    );
    expect(await csv("followers")).toBe(
      "list,rank,previous_rank,username,score,followers,follower_change_7d,peak_viewers,broadcasts,best_rank,minutes_online,tags\r\n" +
        "men,1,3,bob,87.5,15000,-40,900,12,,2400,asian cute\r\n",
    );
    expect(await csv("growing")).toBe(
      "list,rank,previous_rank,username,score,followers,follower_change_7d,peak_viewers,broadcasts,best_rank,minutes_online,tags\r\n",
    );
    expect(await csv("supporters")).toBe(
      "list,rank,previous_rank,username,followers_gained,gained_per_hour,minutes_online,followers,follower_change_7d,tags\r\n" +
        "per-hour,1,,cat,30,7.5,240,800,31,new\r\n",
    );
    expect((await readPublishedBytes(context, OPEN_DATA_README_PATH)).toString()).toBe(OPEN_DATA_README);
  });

  it("rewrites nothing when the day is published again from the same files", async () => {
    await publishJson(context.root, userFollowersPath(DAY, "all"), [ranked("ann", 1, null)]);
    const { first, second } = await publishTwice(publishOpenData, context, DAY);
    expect(first.map((f) => f.urlPath)).toEqual([
      "/data/2026-11-20/viewers.csv",
      "/data/2026-11-20/followers.csv",
      "/data/2026-11-20/growing.csv",
      "/data/2026-11-20/supporters.csv",
      "/data/README.md",
    ]);
    expect(second.map((f) => f.changed)).toEqual([false, false, false, false, false]);
    expect(second.map((f) => f.etag)).toEqual(first.map((f) => f.etag));
  });

  it("fails on a source file that does not match its schema, rather than publish it wrong", async () => {
    await publishJson(context.root, userFollowersPath(DAY, "all"), [{ u: "ann" }]);
    await expect(publishOpenData(context, DAY)).rejects.toThrow("does not match its schema");
  });

  it("describes every column of every file in the README", () => {
    expect([...OPEN_DATA_COLUMNS.keys()]).toEqual([...OPEN_DATA_FAMILIES]);
    for (const family of OPEN_DATA_FAMILIES) {
      expect(OPEN_DATA_README).toContain(`${family}.csv`);
      for (const column of OPEN_DATA_COLUMNS.get(family) ?? [])
        expect(OPEN_DATA_README).toContain(`- \`${column}\`:`);
    }
    expect(OPEN_DATA_README).toContain("Creative Commons Attribution 4.0");
  });
});
