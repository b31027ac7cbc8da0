import { describe, expect, it } from "vitest";
import { explorerDayUtc, isValidDate, latestShownDay, placeDay, yesterdayUtc } from "./shown-days.ts";

const at = (iso: string) => Date.parse(iso);

describe("isValidDate", () => {
  it("accepts real calendar dates written YYYY-MM-DD only", () => {
    expect(isValidDate("2026-11-20")).toBe(true);
    expect(isValidDate("2024-02-29")).toBe(true);
    for (const bad of [
      "2026-02-29",
      "2026-02-30",
      "2026-13-01",
      "2026-00-10",
      "2026-1-20",
      "20261120",
      "asian",
      "",
    ]) {
      expect(isValidDate(bad), bad).toBe(false);
    }
  });
});

describe("explorerDayUtc (SPEC §5: the tag explorer and search use now − 1 day − 1 hour)", () => {
  it("is the day before from 01:00 UTC, and the day before that until then", () => {
    expect(explorerDayUtc(at("2026-11-21T01:00:00Z"))).toBe("2026-11-20");
    expect(explorerDayUtc(at("2026-11-21T23:59:59Z"))).toBe("2026-11-20");
    expect(explorerDayUtc(at("2026-11-21T00:59:59Z"))).toBe("2026-11-19");
    expect(explorerDayUtc(at("2026-11-21T00:10:00Z"))).toBe("2026-11-19");
    // Where the daily viewers' "yesterday" has moved on already.
    expect(yesterdayUtc(at("2026-11-21T00:10:00Z"))).toBe("2026-11-20");
  });
});

describe("yesterdayUtc (SPEC §5: now − 1 day − 5 minutes, start of day)", () => {
  it("is the day before during most of the day", () => {
    expect(yesterdayUtc(at("2026-11-21T12:00:00Z"))).toBe("2026-11-20");
    expect(yesterdayUtc(at("2026-11-21T23:59:59Z"))).toBe("2026-11-20");
  });

  it("is the day before that for the first 5 minutes after midnight", () => {
    expect(yesterdayUtc(at("2026-11-21T00:04:59Z"))).toBe("2026-11-19");
    expect(yesterdayUtc(at("2026-11-21T00:05:00Z"))).toBe("2026-11-20");
  });

  it("crosses months and years", () => {
    expect(yesterdayUtc(at("2027-01-01T08:00:00Z"))).toBe("2026-12-31");
  });
});

const manifest = { latest: "2026-11-20", days: ["2026-11-16", "2026-11-17", "2026-11-19", "2026-11-20"] };

describe("latestShownDay", () => {
  it("is yesterday when the manifest lists it", () => {
    expect(latestShownDay(manifest, at("2026-11-21T10:00:00Z"))).toBe("2026-11-20");
    expect(latestShownDay(manifest, at("2026-11-20T10:00:00Z"))).toBe("2026-11-19");
  });

  it("is the manifest's latest when yesterday is not published (yet)", () => {
    expect(latestShownDay(manifest, at("2026-11-22T10:00:00Z"))).toBe("2026-11-20");
    expect(latestShownDay(manifest, at("2026-11-19T10:00:00Z"))).toBe("2026-11-20");
  });
});

describe("placeDay", () => {
  const now = at("2026-11-21T10:00:00Z");

  it("shows the latest day without a date, with Prev and no Next", () => {
    expect(placeDay(null, manifest, now)).toEqual({
      day: "2026-11-20",
      latest: "2026-11-20",
      prev: "2026-11-19",
      next: null,
    });
  });

  it("links the nearest listed days around a dated day, across a gap", () => {
    expect(placeDay("2026-11-19", manifest, now)).toEqual({
      day: "2026-11-19",
      latest: "2026-11-20",
      prev: "2026-11-17",
      next: "2026-11-20",
    });
    expect(placeDay("2026-11-16", manifest, now)?.prev).toBeNull();
  });

  it("withholds Next beyond the latest shown day (SPEC §5)", () => {
    // In the first 5 minutes of the 21st yesterday is still the 19th, though the 20th is published.
    const early = at("2026-11-21T00:03:00Z");
    expect(placeDay(null, manifest, early)).toMatchObject({ day: "2026-11-19", next: null });
    expect(placeDay("2026-11-17", manifest, early)).toMatchObject({ next: "2026-11-19" });
  });

  it("knows no day the manifest does not list", () => {
    expect(placeDay("2026-11-18", manifest, now)).toBeNull();
    expect(placeDay("2026-11-21", manifest, now)).toBeNull();
  });
});
