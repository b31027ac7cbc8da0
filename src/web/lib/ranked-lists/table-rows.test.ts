import { describe, expect, it } from "vitest";
import { camHours, fromRankedRow, fromSupporterEntry, type RankedRow, rankedDetails } from "./table-rows.ts";

const row: RankedRow = {
  u: "ann",
  rank: 3,
  pr: 5,
  score: 59.25,
  score_details: { broadcasts: 12, best_rank: 37, most_viewers: 1234, camTime: 2700, f: 25000, fg: 850 },
  max_u: 1234,
  f: 25000,
  fg: 850,
  t: ["asian"],
};
const offline = () => ({ live: false, liveText: "live 2 days ago", hasThumb: true });

describe("the ranking table's rows", () => {
  it("details a ranked row from score_details: broadcasts, best rank, most viewers, cam time in hours", () => {
    expect(rankedDetails(row)).toEqual([
      { label: "Broadcasts", value: "12" },
      { label: "Best rank", value: "#37" },
      { label: "Most viewers", value: "1,234" },
      { label: "Cam time", value: "45.0 h" },
    ]);
    const never = { ...row, score_details: { ...row.score_details, best_rank: null } };
    expect(rankedDetails(never)[1]).toEqual({ label: "Best rank", value: "none" });
    expect(camHours(95)).toBe("1.6 h");
  });

  it("fills the score column only when asked (top monthly, a year), with two decimals", () => {
    expect(fromRankedRow(row, true, offline)).toEqual({
      u: "ann",
      rank: 3,
      pr: 5,
      score: "59.25",
      details: rankedDetails(row),
      viewers: 1234,
      followers: 25000,
      change: 850,
      tags: ["asian"],
      live: false,
      liveText: "live 2 days ago",
      hasThumb: true,
    });
    expect(fromRankedRow({ ...row, score: 60 }, true, offline).score).toBe("60.00");
    expect(fromRankedRow(row, false, offline).score).toBeNull();
  });

  it("shows a supporter row's gained or per-hour figure as its score, by the order", () => {
    const entry = {
      u: "bea",
      rank: 1,
      pr: null,
      gained: 1520,
      per_hour: 95,
      minutes: 960,
      f: 40000,
      fg: 3000,
      t: [],
    };
    const gained = fromSupporterEntry(entry, "gained", offline);
    expect(gained.score).toBe("1,520");
    expect(gained.details).toEqual([
      { label: "New followers", value: "1,520" },
      { label: "Minutes online", value: "960" },
      { label: "Per hour", value: "95.0" },
    ]);
    expect(gained.followers).toBe(40000);
    expect(gained.change).toBe(3000);
    expect(fromSupporterEntry(entry, "per-hour", offline).score).toBe("95.0");
  });
});
