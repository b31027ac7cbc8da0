import { describe, expect, it } from "vitest";
import { SLOTS_MAX } from "../../../lib/profile/profile-data.ts";
import type { WeeklySlot } from "../../../lib/profile/weekly-time.ts";
import {
  rowsOfSlots,
  SLOT_EMPTY,
  SLOT_TIME_INVALID,
  slotOverlaps,
  slotsOfRows,
  TOO_MANY_SLOTS,
} from "./schedule-draft.ts";

describe("the schedule editor's rows", () => {
  it("keeps a slot within a day as one row", () => {
    expect(slotsOfRows([{ id: 1, day: 2, start: "19:00", end: "22:30" }])).toEqual({
      ok: true,
      slots: [{ day: 2, start: "19:00", end: "22:30" }],
    });
  });

  it("cuts a row past midnight into two slots, Sunday into Monday", () => {
    expect(slotsOfRows([{ id: 1, day: 7, start: "22:00", end: "02:00" }])).toEqual({
      ok: true,
      slots: [
        { day: 1, start: "00:00", end: "02:00" },
        { day: 7, start: "22:00", end: "24:00" },
      ],
    });
  });

  it("reads an end of 00:00 as midnight, and 00:00 to 00:00 as the whole day", () => {
    expect(slotsOfRows([{ id: 1, day: 5, start: "20:00", end: "00:00" }])).toEqual({
      ok: true,
      slots: [{ day: 5, start: "20:00", end: "24:00" }],
    });
    expect(slotsOfRows([{ id: 1, day: 6, start: "00:00", end: "00:00" }])).toEqual({
      ok: true,
      slots: [{ day: 6, start: "00:00", end: "24:00" }],
    });
  });

  it("names the rows that cannot be saved", () => {
    const answer = slotsOfRows([
      { id: 1, day: 1, start: "", end: "10:00" },
      { id: 2, day: 1, start: "12:00", end: "12:00" },
      { id: 3, day: 1, start: "13:00", end: "14:00" },
    ]);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect([...answer.rowProblems]).toEqual([
      [1, SLOT_TIME_INVALID],
      [2, SLOT_EMPTY],
    ]);
  });

  it("names the row that overlaps another on its day, the half past midnight included", () => {
    const answer = slotsOfRows([
      { id: 1, day: 1, start: "22:00", end: "03:00" },
      { id: 2, day: 2, start: "02:00", end: "04:00" },
      { id: 3, day: 2, start: "04:00", end: "05:00" },
    ]);
    expect(answer).toEqual({
      ok: false,
      rowProblems: new Map([[2, slotOverlaps("Tuesday")]]),
      problem: null,
    });
  });

  it("refuses more slots than a week holds, counting the halves of overnight rows", () => {
    const day = (i: number) => ((i % 7) + 1) as WeeklySlot["day"];
    // Seven overnight rows (14 slots), then single ones at 02:00, 04:00 … one past the limit.
    const overnight = Array.from({ length: 7 }, (_, i) => ({
      id: i + 1,
      day: day(i),
      start: "23:00",
      end: "01:00",
    }));
    const single = Array.from({ length: SLOTS_MAX - 14 + 1 }, (_, i) => ({
      id: 100 + i,
      day: day(i),
      start: `${String(2 + 2 * Math.floor(i / 7)).padStart(2, "0")}:00`,
      end: `${String(3 + 2 * Math.floor(i / 7)).padStart(2, "0")}:00`,
    }));
    const rows = [...overnight, ...single];
    expect(rows.length).toBeLessThan(SLOTS_MAX);
    expect(slotsOfRows(rows)).toEqual({ ok: false, rowProblems: new Map(), problem: TOO_MANY_SLOTS });
  });

  it("joins the stored halves of an overnight stream back into one row, and round-trips", () => {
    const stored: WeeklySlot[] = [
      { day: 1, start: "00:00", end: "02:00" },
      { day: 3, start: "18:00", end: "20:00" },
      { day: 5, start: "20:00", end: "24:00" },
      { day: 7, start: "22:00", end: "24:00" },
    ];
    const rows = rowsOfSlots(stored);
    expect(rows.map(({ day, start, end }) => ({ day, start, end }))).toEqual([
      { day: 3, start: "18:00", end: "20:00" },
      { day: 5, start: "20:00", end: "00:00" },
      { day: 7, start: "22:00", end: "02:00" },
    ]);
    expect(slotsOfRows(rows)).toEqual({ ok: true, slots: stored });
  });
});
