import { COUNTRIES, WHIMSICAL_LOCATIONS } from "./countries.ts";
import { displayNameFor } from "./names.ts";
import {
  FLAG_AGE_SHOWN,
  FLAG_BIRTHDAY_SHOWN,
  FLAG_COUNTRY_HIDDEN,
  FLAG_HD,
  GENDERS,
  type Performers,
} from "./performers.ts";
import { hash4, unit4 } from "./prng.ts";

/**
 * The parts of a room that do not change with time (except age, computed per instant from the
 * birth date). Built on first use and cached: a 35-day history touches each performer thousands of
 * times, and string building is the expensive part of a room.
 */
export interface Profile {
  username: string;
  displayName: string;
  gender: "f" | "m" | "t" | "c";
  country: string;
  location: string;
  spokenLanguages: string;
  /** "" or YYYY-MM-DD */
  birthday: string;
  ageShown: boolean;
  born: CivilDate;
  isHd: boolean;
}

export function buildProfile(p: Performers, i: number): Profile {
  const seed = p.seed;
  const flags = p.flags[i] ?? 0;
  const country = COUNTRIES[p.country[i] ?? 0];
  const hidden = (flags & FLAG_COUNTRY_HIDDEN) !== 0;
  const username = p.usernames[i] ?? `performer_${i}`;
  const birthDay = p.birthDay[i] ?? 0;
  return {
    username,
    displayName: displayNameFor(seed, i, username),
    gender: GENDERS[p.gender[i] ?? 0] ?? "f",
    country: hidden || country === undefined ? "" : country.code,
    location: locationFor(seed, i, hidden, country?.name ?? "", country?.cities ?? []),
    spokenLanguages: pick(country?.languages ?? ["English"], hash4(seed, i, 0x3001, 0)),
    birthday: (flags & FLAG_BIRTHDAY_SHOWN) !== 0 ? isoDay(birthDay) : "",
    ageShown: (flags & FLAG_AGE_SHOWN) !== 0,
    born: civilDate(birthDay * 86_400),
    isHd: (flags & FLAG_HD) !== 0,
  };
}

function pick(list: readonly string[], h: number): string {
  return list[h % Math.max(1, list.length)] ?? "";
}

function locationFor(
  seed: number,
  i: number,
  hidden: boolean,
  name: string,
  cities: readonly string[],
): string {
  const u = unit4(seed, i, 0x3002, 0);
  const h = hash4(seed, i, 0x3002, 1);
  if (hidden) return u < 0.45 ? "" : pick(WHIMSICAL_LOCATIONS, h);
  if (u < 0.55) return pick(cities, h);
  if (u < 0.7) return "";
  if (u < 0.85) return pick(WHIMSICAL_LOCATIONS, h);
  if (u < 0.95) return name;
  return `${pick(cities, h).split(",")[0]}, ${name}`;
}

function isoDay(epochDay: number): string {
  return new Date(epochDay * 86_400_000).toISOString().slice(0, 10);
}

export interface CivilDate {
  year: number;
  /** month * 100 + day, for comparing dates within a year */
  monthDay: number;
}

export function civilDate(epochSec: number): CivilDate {
  const d = new Date(epochSec * 1000);
  return { year: d.getUTCFullYear(), monthDay: (d.getUTCMonth() + 1) * 100 + d.getUTCDate() };
}

/** Age in whole years on a date, from the birth date (computed once per profile and once per instant). */
export function ageOn(born: CivilDate, today: CivilDate): number {
  return today.year - born.year - (today.monthDay < born.monthDay ? 1 : 0);
}
