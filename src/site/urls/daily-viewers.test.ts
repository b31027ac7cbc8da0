import { describe, expect, it } from "vitest";
import {
  DAILY_VIEWERS_PATH,
  dailyViewerPath,
  isAddressableTag,
  overviewPath,
  parseDailyViewerSegments,
  parseDailyViewerSplat,
} from "./daily-viewers.ts";

const read = (path: string) => parseDailyViewerSplat(path.replace(/^\/top\/viewers\/?/, ""));

describe("parseDailyViewerSegments: every form of SPEC §2", () => {
  it("reads /top/viewers as every gender, no tag, the latest day", () => {
    expect(read("/top/viewers")).toEqual({ gender: "all", tag: null, date: null });
    expect(read("/top/viewers/")).toEqual({ gender: "all", tag: null, date: null });
    expect(parseDailyViewerSplat(undefined)).toEqual({ gender: "all", tag: null, date: null });
  });

  it("reads each gender word as the gender", () => {
    for (const gender of ["all", "couples", "women", "men", "trans"] as const) {
      expect(read(`/top/viewers/${gender}`)).toEqual({ gender, tag: null, date: null });
    }
  });

  it("reads /top/viewers/{gender}/{tag} and /top/viewers/{tag}", () => {
    expect(read("/top/viewers/women/asian")).toEqual({ gender: "women", tag: "asian", date: null });
    expect(read("/top/viewers/asian")).toEqual({ gender: "all", tag: "asian", date: null });
    expect(read("/top/viewers/all/asian")).toEqual({ gender: "all", tag: "asian", date: null });
  });

  it("reads a final valid date after each form", () => {
    expect(read("/top/viewers/2026-11-20")).toEqual({ gender: "all", tag: null, date: "2026-11-20" });
    expect(read("/top/viewers/men/2026-11-20")).toEqual({ gender: "men", tag: null, date: "2026-11-20" });
    expect(read("/top/viewers/asian/2026-11-20")).toEqual({
      gender: "all",
      tag: "asian",
      date: "2026-11-20",
    });
    expect(read("/top/viewers/couples/asian/2026-11-20")).toEqual({
      gender: "couples",
      tag: "asian",
      date: "2026-11-20",
    });
  });

  it("reads a date segment that is not a valid date as the tag (SPEC §5)", () => {
    expect(read("/top/viewers/women/2026-02-30")).toEqual({ gender: "women", tag: "2026-02-30", date: null });
    expect(read("/top/viewers/women/2026-13-01")).toEqual({ gender: "women", tag: "2026-13-01", date: null });
    expect(read("/top/viewers/trans/20261120")).toEqual({ gender: "trans", tag: "20261120", date: null });
  });

  it("reads a tag equal to a gender word as the gender (SPEC §2)", () => {
    expect(read("/top/viewers/men")).toEqual({ gender: "men", tag: null, date: null });
    expect(read("/top/viewers/couples/2026-11-20")).toEqual({
      gender: "couples",
      tag: null,
      date: "2026-11-20",
    });
  });

  it("matches letters lowercase, as tags are published", () => {
    expect(read("/top/viewers/Women/Asian")).toEqual({ gender: "women", tag: "asian", date: null });
  });

  it("keeps tags of any script that can name a file", () => {
    expect(parseDailyViewerSegments(["women", "日本"])).toEqual({ gender: "women", tag: "日本", date: null });
    expect(parseDailyViewerSegments(["big_boobs-1"])).toEqual({
      gender: "all",
      tag: "big_boobs-1",
      date: null,
    });
  });

  it("reads no page from anything else", () => {
    for (const path of [
      "/top/viewers/women/asian/2026-11-20/more",
      "/top/viewers/asian/latina",
      "/top/viewers/asian/women",
      "/top/viewers/women/men",
      "/top/viewers/women/asian/latina",
      "/top/viewers/women/asian/2026-02-30",
      "/top/viewers/a.b",
      "/top/viewers/women/a%20b",
      "/top/viewers/2026-11-20/women",
    ]) {
      expect(read(decodeURIComponent(path)), path).toBeNull();
    }
  });
});

describe("dailyViewerPath", () => {
  const latest = "2026-11-20";

  it("leaves the date out on the latest day, and the word all out", () => {
    expect(dailyViewerPath({ gender: "all", tag: null, day: latest }, latest)).toBe(DAILY_VIEWERS_PATH);
    expect(dailyViewerPath({ gender: "women", tag: null, day: latest }, latest)).toBe("/top/viewers/women");
    expect(dailyViewerPath({ gender: "all", tag: "asian", day: latest }, latest)).toBe("/top/viewers/asian");
    expect(dailyViewerPath({ gender: "men", tag: "asian", day: latest }, latest)).toBe(
      "/top/viewers/men/asian",
    );
  });

  it("puts the date last on any other day", () => {
    const day = "2026-11-19";
    expect(dailyViewerPath({ gender: "all", tag: null, day }, latest)).toBe("/top/viewers/2026-11-19");
    expect(dailyViewerPath({ gender: "trans", tag: "feet", day }, latest)).toBe(
      "/top/viewers/trans/feet/2026-11-19",
    );
  });

  it("gives addresses that read back to the same view", () => {
    for (const gender of ["all", "couples", "women", "men", "trans"] as const) {
      for (const tag of [null, "asian", "日本"]) {
        for (const day of ["2026-11-20", "2026-11-01"]) {
          const path = decodeURIComponent(dailyViewerPath({ gender, tag, day }, latest));
          expect(read(path)).toEqual({ gender, tag, date: day === latest ? null : day });
        }
      }
    }
  });
});

describe("isAddressableTag", () => {
  it("refuses tags that would read as a gender or a date, or cannot name a file", () => {
    expect(isAddressableTag("asian")).toBe(true);
    expect(isAddressableTag("women")).toBe(false);
    expect(isAddressableTag("2026-11-20")).toBe(false);
    expect(isAddressableTag("2026-02-30")).toBe(true);
    expect(isAddressableTag("a b")).toBe(false);
  });
});

describe("overviewPath", () => {
  it("links /top, /top/{gender}, /top/{tag} or /top/{tag}/{gender} (SPEC §2)", () => {
    expect(overviewPath("all", null)).toBe("/top");
    expect(overviewPath("women", null)).toBe("/top/women");
    expect(overviewPath("all", "asian")).toBe("/top/asian");
    expect(overviewPath("men", "asian")).toBe("/top/asian/men");
  });
});
