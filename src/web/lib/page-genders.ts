import type { RankingGender } from "../../stats/rankings/vocabulary.ts";

/**
 * The page-level gender words (SPEC §3: "Page-level gender values are all, couples, female, male,
 * trans; ranking pages use women and men"), for pages that are not rankings: /traffic and /map.
 */
export const PAGE_GENDERS = ["all", "couples", "female", "male", "trans"] as const;
export type PageGender = (typeof PAGE_GENDERS)[number];

export const PAGE_GENDER_LABELS: Readonly<Record<PageGender, string>> = {
  all: "All",
  couples: "Couples",
  female: "Female",
  male: "Male",
  trans: "Trans",
};

/**
 * A performer's gender as a page writes it, from the feed's or the search's code (SPEC §3: f, m,
 * c, and s / t / tf / tm / tn for every trans kind); null for none or an unknown code.
 */
export function genderNameOfCode(code: string | null): string | null {
  if (code === "f") return "Female";
  if (code === "m") return "Male";
  if (code === "c") return "Couple";
  if (code !== null && ["s", "t", "tf", "tm", "tn"].includes(code)) return "Trans";
  return null;
}

/** The gender keys of the traffic files: every room, couples, female, male, trans. */
export type TrafficKey = "all" | "c" | "f" | "m" | "t";

export const TRAFFIC_KEY: Readonly<Record<PageGender, TrafficKey>> = {
  all: "all",
  couples: "c",
  female: "f",
  male: "m",
  trans: "t",
};

/** The same gender in the ranking files' words (women and men). */
export const RANKING_WORD: Readonly<Record<PageGender, RankingGender>> = {
  all: "all",
  couples: "couples",
  female: "women",
  male: "men",
  trans: "trans",
};

/** A gender tab of a page-level page: its label and address. */
export interface GenderTab {
  gender: PageGender;
  label: string;
  path: string;
}

export function isPageGender(value: string): value is PageGender {
  return (PAGE_GENDERS as readonly string[]).includes(value);
}

/**
 * How a gender word of the address reads on a page-level page: the page word itself, the ranking
 * spelling of the same gender (`women`, `men`: to be redirected to `female`, `male`), or nothing.
 */
export function readPageGender(word: string): { gender: PageGender; canonical: boolean } | null {
  if (isPageGender(word)) return { gender: word, canonical: true };
  if (word === "women") return { gender: "female", canonical: false };
  if (word === "men") return { gender: "male", canonical: false };
  return null;
}
