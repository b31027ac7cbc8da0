import { describe, expect, it } from "vitest";
import { busiestHours, hourSpan } from "./busiest-hours.ts";

const at = (day: string, hour: number, viewers: number, rooms = 1) => ({
  hour: `${day}T${String(hour).padStart(2, "0")}:00:00.000Z`,
  viewers,
  rooms,
});

describe("busiestHours", () => {
  it("averages each hour of the UTC day over the days that have it, busiest first", () => {
    const ranked = busiestHours([
      at("2026-01-01", 20, 100, 10),
      at("2026-01-02", 20, 200, 20),
      at("2026-01-01", 3, 400, 4),
      at("2026-01-02", 14, 151, 5),
    ]);
    expect(ranked).toEqual([
      { hourOfDay: 3, viewers: 400, rooms: 4, days: 1 },
      { hourOfDay: 14, viewers: 151, rooms: 5, days: 1 },
      { hourOfDay: 20, viewers: 150, rooms: 15, days: 2 },
    ]);
  });

  it("breaks ties by rooms, then by the earlier hour, and rounds to one decimal", () => {
    const ranked = busiestHours([
      at("2026-01-01", 9, 10, 1),
      at("2026-01-01", 8, 10, 1),
      at("2026-01-01", 7, 10, 2),
    ]);
    expect(ranked.map((h) => h.hourOfDay)).toEqual([7, 8, 9]);
    const third = busiestHours([at("2026-01-01", 1, 1), at("2026-01-02", 1, 1), at("2026-01-03", 1, 2)]);
    expect(third[0]?.viewers).toBe(1.3);
  });

  it("leaves out hours without figures and unreadable instants", () => {
    expect(busiestHours([])).toEqual([]);
    expect(busiestHours([{ hour: "not a time", viewers: 5, rooms: 1 }])).toEqual([]);
  });

  it("writes an hour as its span in UTC", () => {
    expect(hourSpan(0)).toBe("00:00–01:00 UTC");
    expect(hourSpan(23)).toBe("23:00–00:00 UTC");
  });
});
