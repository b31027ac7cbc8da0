import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  instantAt,
  isKnownZone,
  nextOccurrence,
  nextStream,
  offsetMinutes,
  type WeeklySlot,
  wallTimeAt,
  weekInZone,
} from "./weekly-time.ts";

const AMS = "Europe/Amsterdam";
const NY = "America/New_York";
const TOKYO = "Asia/Tokyo";
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const slot = (day: WeeklySlot["day"], start: string, end: string): WeeklySlot => ({ day, start, end });

describe("offsets and wall times", () => {
  it("reads each zone's offset, DST included, and half-hour zones", () => {
    expect(offsetMinutes(at("2026-01-15T12:00:00Z"), AMS)).toBe(60);
    expect(offsetMinutes(at("2026-07-15T12:00:00Z"), AMS)).toBe(120);
    expect(offsetMinutes(at("2026-01-15T12:00:00Z"), NY)).toBe(-300);
    expect(offsetMinutes(at("2026-07-15T12:00:00Z"), NY)).toBe(-240);
    expect(offsetMinutes(at("2026-01-15T12:00:00Z"), "Asia/Kolkata")).toBe(330);
    expect(offsetMinutes(at("2026-01-15T12:00:00Z"), "UTC")).toBe(0);
  });

  it("shows an instant as the zone's weekday and minutes", () => {
    // 2026-11-24 is a Tuesday.
    expect(wallTimeAt(at("2026-11-24T18:30:00Z"), AMS)).toEqual({
      year: 2026,
      month: 11,
      day: 24,
      weekday: 2,
      minutes: 19 * 60 + 30,
    });
    expect(wallTimeAt(at("2026-11-24T03:00:00Z"), NY)).toMatchObject({
      day: 23,
      weekday: 1,
      minutes: 22 * 60,
    });
  });

  it("knows which zones Intl knows", () => {
    expect(isKnownZone(AMS)).toBe(true);
    expect(isKnownZone("Mars/Olympus_Mons")).toBe(false);
  });
});

describe("instantAt", () => {
  it("finds the instant of a wall time, 1440 being the next midnight", () => {
    expect(iso(instantAt(AMS, { year: 2026, month: 11, day: 24 }, 19 * 60))).toBe("2026-11-24T18:00:00.000Z");
    expect(iso(instantAt(AMS, { year: 2026, month: 11, day: 24 }, 1440))).toBe("2026-11-24T23:00:00.000Z");
    expect(iso(instantAt(NY, { year: 2026, month: 7, day: 1 }, 0))).toBe("2026-07-01T04:00:00.000Z");
  });

  it("moves a time the clock skips (spring forward) on by the gap", () => {
    // Amsterdam, 2026-03-29: 02:00 CET becomes 03:00 CEST (01:00Z); 02:30 does not exist.
    expect(iso(instantAt(AMS, { year: 2026, month: 3, day: 29 }, 150))).toBe("2026-03-29T01:30:00.000Z");
    expect(iso(instantAt(AMS, { year: 2026, month: 3, day: 29 }, 3 * 60))).toBe("2026-03-29T01:00:00.000Z");
    expect(iso(instantAt(AMS, { year: 2026, month: 3, day: 29 }, 90))).toBe("2026-03-29T00:30:00.000Z");
  });

  it("takes the first of a time the clock shows twice (fall back)", () => {
    // Amsterdam, 2026-10-25: 03:00 CEST becomes 02:00 CET (01:00Z); 02:30 happens twice.
    expect(iso(instantAt(AMS, { year: 2026, month: 10, day: 25 }, 150))).toBe("2026-10-25T00:30:00.000Z");
    expect(iso(instantAt(NY, { year: 2026, month: 11, day: 1 }, 90))).toBe("2026-11-01T05:30:00.000Z");
  });

  it("round-trips every instant's wall time (fast-check over zones and two years)", () => {
    const zones = [AMS, NY, TOKYO, "Australia/Lord_Howe", "America/Sao_Paulo", "Asia/Kolkata", "UTC"];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: at("2025-01-01T00:00:00Z") / 60_000, max: at("2027-01-01T00:00:00Z") / 60_000 }),
        (zone, minute) => {
          const instant = minute * 60_000;
          const wall = wallTimeAt(instant, zone);
          const found = instantAt(zone, wall, wall.minutes);
          // The same instant, or the first of a repeated hour: the same wall time either way.
          expect(found).toBeLessThanOrEqual(instant);
          expect(wallTimeAt(found, zone)).toEqual(wall);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("nextOccurrence and nextStream", () => {
  // Monday 2026-11-23, 12:00 UTC (13:00 in Amsterdam).
  const monday = at("2026-11-23T12:00:00Z");

  it("finds the coming occurrence of a weekday and time in the performer's zone", () => {
    const next = nextOccurrence(slot(2, "19:00", "22:00"), AMS, monday);
    expect([iso(next.start), iso(next.end)]).toEqual([
      "2026-11-24T18:00:00.000Z",
      "2026-11-24T21:00:00.000Z",
    ]);
  });

  it("keeps a slot under way, and moves one that ended today to next week", () => {
    const under = nextOccurrence(slot(1, "12:00", "14:00"), AMS, monday);
    expect(iso(under.start)).toBe("2026-11-23T11:00:00.000Z");
    const ended = nextOccurrence(slot(1, "09:00", "10:00"), AMS, monday);
    expect(iso(ended.start)).toBe("2026-11-30T08:00:00.000Z");
  });

  it("runs a slot to 24:00 up to the next midnight", () => {
    const late = nextOccurrence(slot(1, "22:00", "24:00"), AMS, monday);
    expect(iso(late.end)).toBe("2026-11-23T23:00:00.000Z");
  });

  it("uses the performer's offset of that week across a DST change", () => {
    // Thursday 2026-03-26: the slot is on Sunday the 29th, after the change to CEST.
    const next = nextOccurrence(slot(7, "10:00", "12:00"), AMS, at("2026-03-26T12:00:00Z"));
    expect(iso(next.start)).toBe("2026-03-29T08:00:00.000Z");
    // A start in the skipped hour begins when the clock reaches it (03:30 CEST).
    const skipped = nextOccurrence(slot(7, "02:30", "04:00"), AMS, at("2026-03-26T12:00:00Z"));
    expect([iso(skipped.start), iso(skipped.end)]).toEqual([
      "2026-03-29T01:30:00.000Z",
      "2026-03-29T02:00:00.000Z",
    ]);
  });

  it("picks the earliest of the schedule, or null without slots", () => {
    const next = nextStream([slot(5, "20:00", "22:00"), slot(3, "18:00", "19:00")], AMS, monday);
    expect(next?.slot.day).toBe(3);
    expect(nextStream([], AMS, monday)).toBeNull();
  });
});

describe("weekInZone", () => {
  const winter = at("2026-11-23T12:00:00Z");

  it("shows the slots on the visitor's clock", () => {
    expect(weekInZone([slot(2, "22:00", "24:00")], AMS, NY, winter)).toEqual([
      { day: 2, start: "16:00", end: "18:00", fromDayBefore: false, intoNextDay: false },
    ]);
    expect(weekInZone([slot(1, "20:00", "23:00")], AMS, TOKYO, winter)).toEqual([
      { day: 2, start: "04:00", end: "07:00", fromDayBefore: false, intoNextDay: false },
    ]);
  });

  it("cuts a slot that crosses midnight in the visitor's zone into two days", () => {
    // New York Tuesday 16:00-20:00 is Amsterdam Tuesday 22:00 to Wednesday 02:00.
    expect(weekInZone([slot(2, "16:00", "20:00")], NY, AMS, winter)).toEqual([
      { day: 2, start: "22:00", end: "24:00", fromDayBefore: false, intoNextDay: true },
      { day: 3, start: "00:00", end: "02:00", fromDayBefore: true, intoNextDay: false },
    ]);
  });

  it("wraps Monday back to Sunday", () => {
    expect(weekInZone([slot(1, "05:00", "06:00")], TOKYO, NY, winter)).toEqual([
      { day: 7, start: "15:00", end: "16:00", fromDayBefore: false, intoNextDay: false },
    ]);
  });

  it("joins an overnight slot's two halves when they fall on one visitor day", () => {
    const overnight = [slot(1, "22:00", "24:00"), slot(2, "00:00", "02:00")];
    expect(weekInZone(overnight, AMS, NY, winter)).toEqual([
      { day: 1, start: "16:00", end: "20:00", fromDayBefore: false, intoNextDay: false },
    ]);
    // In the performer's own zone they stay two days.
    expect(weekInZone(overnight, AMS, AMS, winter)).toHaveLength(2);
  });

  it("follows the weeks when only one of the zones has changed to summer time", () => {
    // The US changes on 2026-03-08, the EU on 2026-03-29: five hours apart between, six otherwise.
    const tuesday = [slot(2, "14:00", "15:00")];
    expect(weekInZone(tuesday, NY, AMS, at("2026-03-16T12:00:00Z"))[0]).toMatchObject({
      start: "19:00",
      end: "20:00",
    });
    expect(weekInZone(tuesday, NY, AMS, at("2026-04-06T12:00:00Z"))[0]).toMatchObject({
      start: "20:00",
      end: "21:00",
    });
  });

  it("shows a whole day on the day the clocks go forward as 23 hours", () => {
    const sunday = weekInZone([slot(7, "00:00", "24:00")], AMS, "UTC", at("2026-03-26T12:00:00Z"));
    expect(sunday).toEqual([
      { day: 6, start: "23:00", end: "24:00", fromDayBefore: false, intoNextDay: true },
      { day: 7, start: "00:00", end: "22:00", fromDayBefore: true, intoNextDay: false },
    ]);
  });
});
