import { SLOTS_MAX } from "../../../lib/profile/profile-data.ts";
import {
  clockOfMinutes,
  type IsoWeekday,
  minutesOfClock,
  WEEKDAY_NAMES,
  type WeeklySlot,
} from "../../../lib/profile/weekly-time.ts";

/**
 * The schedule editor's rows and the stored slots. The stored form (the contract) keeps each slot
 * within a day, "24:00" ending at midnight, so an overnight stream is two slots; a performer thinks
 * "Friday 22:00 to 02:00". So the editor shows one row per stream (a time input cannot say 24:00:
 * an end at or before the start runs into the next day, "00:00" being midnight) and saving cuts
 * rows at midnight again.
 */
export interface ScheduleRow {
  /** A key for the list only. */
  id: number;
  day: IsoWeekday;
  start: string;
  end: string;
}

export const SLOT_TIME_INVALID = "Give a start and an end time, as hours and minutes.";
export const SLOT_EMPTY = "The end is the start: choose a later end, or 00:00 to 00:00 for the whole day.";
export const slotOverlaps = (day: string) => `This overlaps another time on ${day}: join them, or move one.`;
export const TOO_MANY_SLOTS = `A week holds at most ${SLOTS_MAX} time slots (a stream past midnight counts as two).`;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const nextDay = (day: IsoWeekday) => ((day % 7) + 1) as IsoWeekday;

/** The stored slots as editor rows: a slot to 24:00 joined with the next day's slot from 00:00. */
export function rowsOfSlots(slots: readonly WeeklySlot[]): ScheduleRow[] {
  const sorted = [...slots].sort(
    (a, b) => a.day - b.day || minutesOfClock(a.start) - minutesOfClock(b.start),
  );
  // First the pairs (Sunday's evening takes Monday's morning, which sorts before it), then the rows.
  const mornings = new Map<WeeklySlot, WeeklySlot>();
  const taken = new Set<WeeklySlot>();
  for (const slot of sorted) {
    if (slot.end !== "24:00" || slot.start === "00:00") continue;
    const morning = sorted.find(
      (s) =>
        !taken.has(s) &&
        s !== slot &&
        s.day === nextDay(slot.day) &&
        s.start === "00:00" &&
        s.end !== "24:00",
    );
    if (morning === undefined) continue;
    mornings.set(slot, morning);
    taken.add(morning);
  }
  const rows: ScheduleRow[] = [];
  for (const slot of sorted) {
    if (taken.has(slot)) continue;
    const end = mornings.get(slot)?.end ?? (slot.end === "24:00" ? "00:00" : slot.end);
    rows.push({ id: rows.length + 1, day: slot.day, start: slot.start, end });
  }
  return rows;
}

export type SlotsOfRows =
  | { ok: true; slots: WeeklySlot[] }
  | { ok: false; rowProblems: Map<number, string>; problem: string | null };

/** The rows as stored slots, or what is wrong with them (by row, or with the whole week). */
export function slotsOfRows(rows: readonly ScheduleRow[]): SlotsOfRows {
  const rowProblems = new Map<number, string>();
  const slots: WeeklySlot[] = [];
  // Which row each slot came from, to name the row of an overlap.
  const rowOf = new Map<WeeklySlot, number>();
  const keep = (row: ScheduleRow, slot: WeeklySlot) => {
    slots.push(slot);
    rowOf.set(slot, row.id);
  };
  for (const row of rows) {
    if (!CLOCK.test(row.start) || !CLOCK.test(row.end)) {
      rowProblems.set(row.id, SLOT_TIME_INVALID);
      continue;
    }
    const start = minutesOfClock(row.start);
    const end = minutesOfClock(row.end);
    if (start === end && start !== 0) {
      rowProblems.set(row.id, SLOT_EMPTY);
      continue;
    }
    if (end > start) keep(row, { day: row.day, start: row.start, end: row.end });
    else {
      keep(row, { day: row.day, start: row.start, end: "24:00" });
      if (end > 0) keep(row, { day: nextDay(row.day), start: "00:00", end: clockOfMinutes(end) });
    }
  }
  if (rowProblems.size > 0) return { ok: false, rowProblems, problem: null };
  slots.sort((a, b) => a.day - b.day || minutesOfClock(a.start) - minutesOfClock(b.start));
  // The server refuses slots of one day that overlap (touching is fine): say which row, by its day.
  for (let i = 1; i < slots.length; i++) {
    const before = slots[i - 1] as WeeklySlot;
    const slot = slots[i] as WeeklySlot;
    if (before.day === slot.day && minutesOfClock(slot.start) < minutesOfClock(before.end))
      rowProblems.set(rowOf.get(slot) ?? 0, slotOverlaps(WEEKDAY_NAMES[slot.day]));
  }
  if (rowProblems.size > 0) return { ok: false, rowProblems, problem: null };
  if (slots.length > SLOTS_MAX) return { ok: false, rowProblems, problem: TOO_MANY_SLOTS };
  return { ok: true, slots };
}
