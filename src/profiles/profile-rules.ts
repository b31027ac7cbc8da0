import { z } from "zod";
import { itemKeyOf } from "../collect/subject-goal.ts";
import type {
  Goal,
  ProfileSettings,
  Schedule,
  ScheduleSlot,
  SocialNetwork,
  SocialsChange,
  TipMenuLine,
} from "../types/performer-profile.ts";
import { MAX_SOCIAL_URL, SOCIAL_HOSTS, SOCIAL_NETWORKS, socialLink } from "./social-links.ts";

export type { Goal, ProfileSettings, Schedule, ScheduleSlot, SocialNetwork, SocialsChange, TipMenuLine };
export { MAX_SOCIAL_URL, SOCIAL_HOSTS, SOCIAL_NETWORKS, socialLink };

/**
 * The verified performer's own profile (issue 19, decision 0022): its shape and every rule its
 * fields keep, as the calls validate them. No Node modules: the settings page checks the same.
 */

export const MAX_ABOUT_ME = 2000;
export const MAX_SLOTS = 28;
export const MAX_GOALS = 5;
export const MAX_GOAL_TEXT = 120;
export const MAX_GOAL_TOKENS = 10_000_000;
export const MAX_TIP_MENU = 40;
export const MAX_TIP_MENU_ITEM = 120;
export const MAX_TIP_MENU_TOKENS = 1_000_000;

/** ISO weekdays: Monday is 1. */
export const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

// The exact texts of the refusals (a 400's message is "{parameter}: {text}").
export const ABOUT_ME_EXPECTED = "expected text";
export const ABOUT_ME_TOO_LONG = `expected at most ${MAX_ABOUT_ME.toLocaleString("en")} characters`;
export const TIMEZONE_UNKNOWN = "expected an IANA time zone such as Europe/Amsterdam, or UTC";
export const SCHEDULE_EXPECTED = "expected null or { timezone, slots }";
export const TOO_MANY_SLOTS = `expected at most ${MAX_SLOTS} slots`;
export const SLOT_DAY = "expected a day from 1 (Monday) to 7 (Sunday)";
export const SLOT_START = "expected a time HH:MM from 00:00 to 23:59";
export const SLOT_END = "expected a time HH:MM after the start, or 24:00 (an overnight slot is two slots)";
export const slotOverlap = (other: number, day: number) =>
  `overlaps slot ${other} on ${DAY_NAMES[day - 1]}; slots on one day may touch but not overlap`;
export const TOO_MANY_GOALS = `expected at most ${MAX_GOALS} goals`;
export const GOAL_TEXT = `expected 1 to ${MAX_GOAL_TEXT} characters`;
export const GOAL_TOKENS = `expected a whole number of tokens from 1 to ${MAX_GOAL_TOKENS.toLocaleString("en")}, or null`;
export const GOAL_DETAILS_EXPECTED = "expected true or false";
export const TIP_MENU_EXPECTED = "expected a list of { item, tokens }";
export const TOO_MANY_TIP_MENU_LINES = `expected at most ${MAX_TIP_MENU} lines`;
export const TIP_MENU_ITEM = `expected 1 to ${MAX_TIP_MENU_ITEM} characters of plain text, with a letter or digit`;
export const TIP_MENU_TOKENS = `expected a whole number of tokens from 1 to ${MAX_TIP_MENU_TOKENS.toLocaleString("en")}`;
export const SOCIALS_EXPECTED = "expected an object of network: link";
export const UNKNOWN_NETWORK = `expected one of ${SOCIAL_NETWORKS.join(", ")}`;
export const socialLinkRefused = (network: SocialNetwork) =>
  `expected an https link to a page on ${SOCIAL_HOSTS[network].join(" or ")} (no port, no user name, at most ${MAX_SOCIAL_URL} characters), or "" to remove it`;

const codePoints = (text: string) => [...text].length;

/**
 * Plain text as kept: line breaks made \n, tabs spaces, every other control character out (C0,
 * DEL, C1, and the line and paragraph separators that some clients treat as breaks), ends trimmed.
 */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(/\t/g, " ")
    .replace(/\p{Cc}/gu, (c) => (c === "\n" ? c : ""))
    .trim();
}

/** One line of plain text: as cleanText, line breaks made spaces. */
export const cleanLine = (text: string) => cleanText(text).replace(/\s*\n\s*/g, " ");

let zones: Set<string> | undefined;
/**
 * An IANA zone the runtime knows: its canonical list (Intl.supportedValuesOf) and UTC, or an
 * Area/Location alias it accepts (Asia/Calcutta): what a browser may report as its zone.
 */
export function isTimeZone(name: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  if (zones.has(name)) return true;
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (time: string) =>
  time === "24:00" ? 1440 : Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

export const aboutMeField = z
  .string({ error: ABOUT_ME_EXPECTED })
  .max(MAX_ABOUT_ME * 4, ABOUT_ME_TOO_LONG)
  .transform(cleanText)
  .refine((text) => codePoints(text) <= MAX_ABOUT_ME, ABOUT_ME_TOO_LONG);

const slotField = z
  .object(
    {
      day: z.number({ error: SLOT_DAY }).int(SLOT_DAY).min(1, SLOT_DAY).max(7, SLOT_DAY),
      start: z.string({ error: SLOT_START }).regex(HHMM, SLOT_START),
      end: z.string({ error: SLOT_END }).refine((end) => HHMM.test(end) || end === "24:00", SLOT_END),
    },
    { error: "expected { day, start, end }" },
  )
  .refine((slot) => minutesOf(slot.end) > minutesOf(slot.start), { message: SLOT_END, path: ["end"] })
  .transform((slot) => ({ day: slot.day as ScheduleSlot["day"], start: slot.start, end: slot.end }));

/**
 * A weekly schedule in the performer's zone, or null for none. Slots on one day may touch (a
 * 12:00 end and a 12:00 start) but not overlap; they are kept in order of day and start.
 */
export const scheduleField = z
  .object(
    {
      timezone: z
        .string({ error: TIMEZONE_UNKNOWN })
        .max(64, TIMEZONE_UNKNOWN)
        .refine(isTimeZone, TIMEZONE_UNKNOWN),
      slots: z.array(slotField, { error: "expected a list of slots" }).max(MAX_SLOTS, TOO_MANY_SLOTS),
    },
    { error: SCHEDULE_EXPECTED },
  )
  .superRefine((schedule, ctx) => {
    const order = schedule.slots
      .map((slot, index) => ({ slot, index }))
      .sort(
        (a, b) =>
          a.slot.day - b.slot.day || minutesOf(a.slot.start) - minutesOf(b.slot.start) || a.index - b.index,
      );
    for (let i = 1; i < order.length; i++) {
      const before = order[i - 1];
      const slot = order[i];
      if (before === undefined || slot === undefined || before.slot.day !== slot.slot.day) continue;
      if (minutesOf(slot.slot.start) < minutesOf(before.slot.end)) {
        const [first, second] = before.index < slot.index ? [before, slot] : [slot, before];
        ctx.addIssue({
          code: "custom",
          message: slotOverlap(first.index, slot.slot.day),
          path: ["slots", second.index],
        });
        return;
      }
    }
  })
  .transform(
    (schedule): Schedule => ({
      timezone: schedule.timezone,
      slots: [...schedule.slots].sort((a, b) => a.day - b.day || minutesOf(a.start) - minutesOf(b.start)),
    }),
  )
  .nullable();

const goalField = z
  .object(
    {
      text: z
        .string({ error: GOAL_TEXT })
        .max(MAX_GOAL_TEXT * 4, GOAL_TEXT)
        .transform(cleanLine)
        .refine((text) => text.length > 0 && codePoints(text) <= MAX_GOAL_TEXT, GOAL_TEXT),
      tokens: z
        .number({ error: GOAL_TOKENS })
        .int(GOAL_TOKENS)
        .min(1, GOAL_TOKENS)
        .max(MAX_GOAL_TOKENS, GOAL_TOKENS)
        .nullish()
        .transform((tokens) => tokens ?? null),
    },
    { error: "expected { text, tokens }" },
  )
  .transform((goal): Goal => ({ text: goal.text, tokens: goal.tokens }));

export const goalsField = z
  .array(goalField, { error: "expected a list of goals" })
  .max(MAX_GOALS, TOO_MANY_GOALS);

const tipMenuLine = z
  .object(
    {
      item: z
        .string({ error: TIP_MENU_ITEM })
        .max(MAX_TIP_MENU_ITEM * 4, TIP_MENU_ITEM)
        .transform(cleanLine)
        .refine(
          (item) => codePoints(item) >= 1 && codePoints(item) <= MAX_TIP_MENU_ITEM && itemKeyOf(item) !== "",
          TIP_MENU_ITEM,
        ),
      tokens: z
        .number({ error: TIP_MENU_TOKENS })
        .int(TIP_MENU_TOKENS)
        .min(1, TIP_MENU_TOKENS)
        .max(MAX_TIP_MENU_TOKENS, TIP_MENU_TOKENS),
    },
    { error: "expected { item, tokens }" },
  )
  .transform((line): TipMenuLine => ({ item: line.item, tokens: line.tokens }));

/** A tip menu: at most 40 lines of an item in plain text and its whole number of tokens. */
export const tipMenuField = z
  .array(tipMenuLine, { error: TIP_MENU_EXPECTED })
  .max(MAX_TIP_MENU, TOO_MANY_TIP_MENU_LINES);

export const goalDetailsField = z.boolean({ error: GOAL_DETAILS_EXPECTED });

const isNetwork = (key: string): key is SocialNetwork => Object.hasOwn(SOCIAL_HOSTS, key);

export const socialsField = z
  .record(z.string(), z.unknown(), { error: SOCIALS_EXPECTED })
  .transform((input, ctx): SocialsChange => {
    const change: SocialsChange = { set: {}, remove: [] };
    for (const [key, value] of Object.entries(input)) {
      if (!isNetwork(key)) {
        ctx.addIssue({ code: "custom", message: UNKNOWN_NETWORK, path: [key] });
        return z.NEVER;
      }
      if (value === "") {
        change.remove.push(key);
        continue;
      }
      const link = typeof value === "string" ? socialLink(key, value) : null;
      if (link === null) {
        ctx.addIssue({ code: "custom", message: socialLinkRefused(key), path: [key] });
        return z.NEVER;
      }
      change.set[key] = link;
    }
    return change;
  });

/** The profile of a performer who never edited it. */
export const emptyProfile = (performer: string): ProfileSettings => ({
  performer,
  aboutMe: "",
  schedule: null,
  goals: [],
  shouldDisplayGoalDetailsOnProfile: false,
  socials: {},
  profileImage: null,
  bannerImage: null,
  tipMenu: [],
  updatedAt: null,
});
