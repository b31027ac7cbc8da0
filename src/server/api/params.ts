import { z } from "zod";
import type { GenderCode } from "../../search/search-index.ts";

/**
 * A gender as the search sends it (SPEC §7: f, m, c, and s for every trans kind; t, tf, tm and tn,
 * the platform's trans kinds, are taken as s, SPEC's gender keys); empty or "all" is every gender (null).
 */
export const genderCodeParam = z
  .enum(["", "all", "f", "m", "c", "s", "t", "tf", "tm", "tn"], {
    error: "expected a gender code: f, m, c or s",
  })
  .transform((g): GenderCode | null =>
    g === "f" || g === "m" || g === "c" ? g : g === "" || g === "all" ? null : "s",
  );

/** The gender column's code for a search gender code (trans is stored as the platform's t). */
export const storedGender = (code: GenderCode | null | undefined) => (code === "s" ? "t" : (code ?? null));

/** The first day any API date may name: the platform's figures start long after it. */
export const FIRST_API_DAY = "2000-01-01";
const DAY_MS = 86_400_000;

/** The last day an API date may name: tomorrow in UTC (a visitor's clock may be ahead of ours). */
export const lastApiDay = (nowMs: number) => new Date(nowMs + DAY_MS).toISOString().slice(0, 10);

/** YYYY-MM-DD naming a real day (2026-02-30 is not one: Date.parse moves it to March). */
const isCalendarDay = (text: string) => {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text;
};

/**
 * A day as a query parameter: YYYY-MM-DD, a real calendar day from FIRST_API_DAY to tomorrow,
 * as its UTC midnight in milliseconds. The range keeps every derived instant (a day after it, a
 * week after it) within what PostgreSQL's timestamps and Date.toISOString() write alike: years 0
 * and 10000 made the database refuse the query, a 500 (issue 27).
 */
export const dayParam = (what: string, now: () => number = Date.now) =>
  z
    .string({ error: `expected ${what} as YYYY-MM-DD` })
    .refine(isCalendarDay, { message: `expected ${what} as YYYY-MM-DD`, abort: true })
    .superRefine((day, ctx) => {
      const last = lastApiDay(now());
      if (day < FIRST_API_DAY || day > last)
        ctx.addIssue({ code: "custom", message: `expected ${what} from ${FIRST_API_DAY} to ${last}` });
    })
    .transform((day) => Date.parse(`${day}T00:00:00Z`));
