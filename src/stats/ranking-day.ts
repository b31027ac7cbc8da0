import { DAY_MS, dayOfInstant } from "../rules/calendar.ts";

/**
 * A day is closed 20 minutes after its midnight: the midnight rule (SPEC §9) looks 15 minutes into
 * the next day, and a session seen at 00:14 is only known to have ended once its grace polls passed.
 * The daily job rolls up closed days only, and the API's weeks end at the last of them.
 */
export const CLOSE_AFTER_MS = 20 * 60_000;

/** The newest day that is closed at `nowMs`. */
export function lastClosedDay(nowMs: number): string {
  return dayOfInstant(nowMs - CLOSE_AFTER_MS - DAY_MS);
}
