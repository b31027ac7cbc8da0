import { describe, expect, it } from "vitest";
import { addDays, monthsEndingWith } from "./utc-days.ts";

describe("UTC day arithmetic", () => {
  it("moves across month, year and leap-day boundaries", () => {
    expect(addDays("2026-11-20", -6)).toBe("2026-11-14");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-11-20", -29)).toBe("2026-10-22");
  });

  it("lists the months ending with a day's month, oldest first", () => {
    expect(monthsEndingWith("2026-11-20", 12)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(monthsEndingWith("2026-01-31", 2)).toEqual(["2025-12", "2026-01"]);
  });

  it("refuses what is not a day", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow("not a day");
    expect(() => monthsEndingWith("yesterday", 1)).toThrow("not a day");
  });
});
