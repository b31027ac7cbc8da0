import { describe, expect, it } from "vitest";
import type { DayCandidate } from "../../db/queries/day-candidates.ts";
import { DAILY_TOP, dailyViewerRankings } from "./daily-viewers.ts";

const candidate = (c: Partial<DayCandidate> & { username: string }): DayCandidate => ({
  gender: "f",
  peakViewers: 10,
  followers: 100,
  weekGain: 0,
  tags: [],
  hasThumb: false,
  ...c,
});

const options = { excludedUsername: "hidden", tagMinPerformers: 2 };

describe("daily viewer rankings", () => {
  const candidates = [
    candidate({ username: "cara", peakViewers: 50, followers: 10, tags: ["asian", "cute"] }),
    candidate({ username: "anna", peakViewers: 50, followers: 10, tags: ["cute"] }),
    candidate({ username: "bob", gender: "m", peakViewers: 900, followers: 5, weekGain: -3, tags: ["cute"] }),
    candidate({
      username: "duo",
      gender: "c",
      peakViewers: 50,
      followers: 11,
      tags: ["asian"],
      hasThumb: true,
    }),
    candidate({ username: "hidden", peakViewers: 10_000, tags: ["asian", "cute"] }),
    candidate({ username: "tia", gender: "t", peakViewers: 5, tags: ["cute", "two words"] }),
    candidate({ username: "zed", gender: null, peakViewers: 1, tags: ["two words"] }),
  ];
  const { lists, tagFrequency } = dailyViewerRankings(candidates, options);
  const list = (gender: string, tag?: string) =>
    lists.find((l) => l.gender === gender && l.tag === tag)?.entries.map((e) => e.u);

  it("orders by peak viewers, then followers, then name, without the excluded username", () => {
    expect(list("all")).toEqual(["bob", "duo", "anna", "cara", "tia", "zed"]);
    expect(lists.find((l) => l.gender === "all" && l.tag === undefined)?.entries[0]).toEqual({
      u: "bob",
      max_u: 900,
      num_f: 5,
      fg: -3,
      t: ["cute"],
      hasThumb: false,
    });
    // hasThumb says whether a profile thumbnail is kept (decision 0023), in every list.
    expect(lists.find((l) => l.gender === "all" && l.tag === undefined)?.entries[1]?.hasThumb).toBe(true);
    expect(lists.find((l) => l.gender === "couples" && l.tag === undefined)?.entries[0]?.hasThumb).toBe(true);
  });

  it("lists each ranking gender; a performer of unknown gender only under all", () => {
    expect(list("women")).toEqual(["anna", "cara"]);
    expect(list("men")).toEqual(["bob"]);
    expect(list("couples")).toEqual(["duo"]);
    expect(list("trans")).toEqual(["tia"]);
  });

  it("gives a tag its lists only where enough performers of the gender used it and it can name a file", () => {
    expect(lists.filter((l) => l.tag !== undefined).map((l) => `${l.gender}/${l.tag}`)).toEqual([
      "all/cute",
      "all/asian",
      "women/cute",
    ]);
    expect(list("all", "cute")).toEqual(["bob", "anna", "cara", "tia"]);
    expect(list("all", "asian")).toEqual(["duo", "cara"]);
  });

  it("counts the top tags per gender, ties by tag, the excluded username not counted", () => {
    expect(tagFrequency.all).toEqual([
      { tag: "cute", rank: 1, count: 4 },
      { tag: "asian", rank: 2, count: 2 },
      { tag: "two words", rank: 3, count: 2 },
    ]);
    expect(tagFrequency.women).toEqual([
      { tag: "cute", rank: 1, count: 2 },
      { tag: "asian", rank: 2, count: 1 },
    ]);
    expect(tagFrequency.couples).toEqual([{ tag: "asian", rank: 1, count: 1 }]);
  });

  it("keeps a Top 100 and the top 50 tags", () => {
    const many = Array.from({ length: 130 }, (_, i) =>
      candidate({ username: `p${String(i).padStart(3, "0")}`, peakViewers: i, tags: [`t${i}`, "all"] }),
    );
    const result = dailyViewerRankings(many, { excludedUsername: undefined, tagMinPerformers: 1 });
    const all = result.lists.find((l) => l.gender === "all" && l.tag === undefined)?.entries ?? [];
    expect(all).toHaveLength(DAILY_TOP);
    expect(all[0]?.u).toBe("p129");
    expect(all.at(-1)?.u).toBe("p030");
    expect(result.tagFrequency.all).toHaveLength(50);
    expect(result.tagFrequency.all[0]).toEqual({ tag: "all", rank: 1, count: 130 });
    expect(result.lists.find((l) => l.gender === "all" && l.tag === "all")?.entries).toHaveLength(100);
  });
});
