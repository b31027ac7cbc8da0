import { cumulativeOf, hash4, normalFromUnit, pickWeighted, unit4 } from "../src/sandbox/prng.ts";
import { GENDER_EXCLUDED, GENDER_TAGS, TAGS, tagWeight } from "../src/sandbox/tag-vocabulary.ts";
import {
  ADJECTIVES,
  BIO_CLOSINGS,
  BIO_OPENERS,
  BIO_SENTENCES,
  BIO_SLOTS,
  COUNTRY_WEIGHTS,
  EMOJI,
  NOUNS,
  SYLLABLES,
} from "./search-vocabulary.ts";

/**
 * The performers of the search benchmark, generated in memory as columns (one array per field,
 * index i is performer_id i + 1). Every choice is a hash of (seed, performer, salt), so a seed gives
 * the same rows whatever the batch size; times are offsets from `now`, because the server reads
 * "live" and "last seen" against its own clock.
 */

export type Gender = "f" | "m" | "t" | "c";

export interface PerformerColumns {
  username: string[];
  displayName: string[];
  gender: Gender[];
  age: Array<number | null>;
  country: Array<string | null>;
  tags: string[][];
  followers: number[];
  /** Highest viewers over the last 30 days; 0 for performers not seen in them (no performer_peaks row). */
  peak: number[];
  /** About-me text, "" for a quarter of them. */
  bio: string[];
  /** Viewers now when live, else -1. */
  viewersNow: number[];
  /** Epoch ms of the latest session's start in the last two days, or -1 (none). */
  sessionStart: number[];
  /** Epoch ms of that session's end (now for the live ones). */
  sessionEnd: number[];
  firstSeen: number[];
  lastSeen: number[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Share of performers online now (the platform's, at an ordinary hour). */
const LIVE_SHARE = 0.02;

// Salts: one per independent choice, so adding a choice never shifts another.
const S = {
  gender: 1,
  age: 2,
  ageNull: 3,
  country: 4,
  countryNull: 5,
  tagCount: 6,
  tag: 7,
  genderTag: 8,
  followers: 9,
  seen: 10,
  peakNoise: 11,
  live: 12,
  viewersNow: 13,
  online: 14,
  recent: 15,
  sessionStart: 16,
  sessionLength: 17,
  lastSeen: 18,
  firstSeen: 19,
  name: 20,
  pattern: 21,
  suffix: 22,
  display: 23,
  bioEmpty: 24,
  bio: 25,
};

/** Zipf weights by rank, the shape every vocabulary here follows. */
const zipf = (n: number) => cumulativeOf(Array.from({ length: n }, (_, r) => 1 / (r + 1.5)));
// Flatter than the other lists: a name has 2 to 4 syllables, so the most used one (and so the
// commonest 2-letter search part) would otherwise be in a third of all usernames.
const SYLLABLE_CUM = cumulativeOf(SYLLABLES.map((_, r) => 1 / (r + 10)));
const ADJ_CUM = zipf(ADJECTIVES.length);
const NOUN_CUM = zipf(NOUNS.length);
const TAG_CUM = cumulativeOf(TAGS.map((_, r) => tagWeight(r)));
const COUNTRY_CUM = cumulativeOf(COUNTRY_WEIGHTS.map(([, w]) => w));
const SLOT_CUM = Object.fromEntries(Object.entries(BIO_SLOTS).map(([k, v]) => [k, zipf(v.length)]));

const ranked = <T>(list: readonly T[], cum: Float64Array, u: number) => list[pickWeighted(cum, u)] as T;

function genderOf(u: number): Gender {
  if (u < 0.6) return "f";
  if (u < 0.8) return "m";
  if (u < 0.92) return "c";
  return "t";
}

/** A first-name-like word of 2 to 4 syllables ("kalina", "marso"). */
function syllableName(seed: number, i: number, k: number): string {
  const n = 2 + (hash4(seed, i, S.name, k * 8) % 5 < 3 ? 0 : hash4(seed, i, S.name, k * 8 + 1) % 3);
  let name = "";
  for (let s = 0; s < n; s++) name += ranked(SYLLABLES, SYLLABLE_CUM, unit4(seed, i, S.name, k * 8 + 2 + s));
  return name;
}

function baseUsername(seed: number, i: number, gender: Gender): string {
  const name = syllableName(seed, i, 0);
  const adj = ranked(ADJECTIVES, ADJ_CUM, unit4(seed, i, S.pattern, 1));
  const noun = ranked(NOUNS, NOUN_CUM, unit4(seed, i, S.pattern, 2));
  const digits = String(hash4(seed, i, S.pattern, 3) % 100);
  switch (hash4(seed, i, S.pattern, 0) % (gender === "c" ? 11 : 10)) {
    case 0:
    case 1:
      return `${name}${digits}`;
    case 2:
      return `${adj}_${name}`;
    case 3:
      return `${name}_${noun}`;
    case 4:
      return `${name}${noun}`;
    case 5:
      return `${adj}${name}`;
    case 6:
      return name;
    case 7:
      return `${name}xx`;
    case 8:
      return `${name}_${adj}`;
    case 9:
      return `${name}${1985 + (hash4(seed, i, S.pattern, 4) % 22)}`;
    default:
      return `${name}_and_${syllableName(seed, i, 1)}`;
  }
}

function displayNameOf(seed: number, i: number, username: string): string {
  const words = username.split(/[_0-9]+/).filter((w) => w.length > 0 && w !== "and" && w !== "xx");
  const titled = (words.length > 0 ? words : [username])
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
  const u = unit4(seed, i, S.display, 0);
  const emoji = EMOJI[hash4(seed, i, S.display, 1) % EMOJI.length] as string;
  if (u < 0.5) return titled;
  if (u < 0.7) return `${titled} ${emoji}`;
  if (u < 0.8) return titled.toUpperCase();
  return username;
}

function tagsOf(seed: number, i: number, gender: Gender): string[] {
  const count = 3 + Math.floor(10 * unit4(seed, i, S.tagCount, 0) ** 1.6);
  const tags = new Set<string>();
  const own = GENDER_TAGS[gender];
  if (own.length > 0 && unit4(seed, i, S.genderTag, 0) < 0.6) tags.add(own[0] as string);
  for (let k = 0; tags.size < count && k < count * 8; k++) {
    const tag = ranked(TAGS, TAG_CUM, unit4(seed, i, S.tag, k));
    if (!GENDER_EXCLUDED[gender].has(tag)) tags.add(tag);
  }
  return [...tags];
}

/** Steps coprime to the number of sentences, so a walk never repeats one. */
const STEPS = Array.from({ length: BIO_SENTENCES.length - 1 }, (_, k) => k + 1).filter((k) => {
  let [a, b] = [k, BIO_SENTENCES.length];
  while (b) [a, b] = [b, a % b];
  return a === 1;
});

function bioOf(seed: number, i: number, displayName: string): string {
  if (unit4(seed, i, S.bioEmpty, 0) < 0.25) return "";
  let k = 0;
  const u = () => unit4(seed, i, S.bio, k++);
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (_, slot: string) =>
      slot === "name"
        ? (displayName.split(" ")[0] ?? displayName)
        : ranked(BIO_SLOTS[slot] as readonly string[], SLOT_CUM[slot] as Float64Array, u()),
    );
  const parts = [fill(BIO_OPENERS[Math.floor(u() * BIO_OPENERS.length)] as string)];
  // 2 to 4 different sentences: a walk from a random start by a step coprime to the list's length.
  const n = BIO_SENTENCES.length;
  const sentences = 2 + Math.floor(u() * 3);
  const start = Math.floor(u() * n);
  const step = STEPS[Math.floor(u() * STEPS.length)] as number;
  for (let s = 0; s < sentences; s++) parts.push(fill(BIO_SENTENCES[(start + s * step) % n] as string));
  parts.push(BIO_CLOSINGS[Math.floor(u() * BIO_CLOSINGS.length)] as string);
  return parts.join(" ").trim();
}

export function generatePerformers(seed: number, count: number, now: number): PerformerColumns {
  const c: PerformerColumns = {
    username: [],
    displayName: [],
    gender: [],
    age: [],
    country: [],
    tags: [],
    followers: [],
    peak: [],
    bio: [],
    viewersNow: [],
    sessionStart: [],
    sessionEnd: [],
    firstSeen: [],
    lastSeen: [],
  };
  const taken = new Set<string>();
  for (let i = 0; i < count; i++) {
    const gender = genderOf(unit4(seed, i, S.gender, 0));
    let username = baseUsername(seed, i, gender);
    // Taken: append ever longer numbers, as people do ("kalina23" then "kalina23_4512").
    for (let attempt = 1; taken.has(username); attempt++)
      username = `${baseUsername(seed, i, gender)}_${hash4(seed, i, S.suffix, attempt) % 10 ** Math.min(7, attempt + 1)}`;
    taken.add(username);
    const displayName = displayNameOf(seed, i, username);
    c.username.push(username);
    c.displayName.push(displayName);
    c.gender.push(gender);
    c.age.push(
      unit4(seed, i, S.ageNull, 0) < 0.4 ? null : 18 + Math.floor(53 * unit4(seed, i, S.age, 0) ** 2.2),
    );
    c.country.push(
      unit4(seed, i, S.countryNull, 0) < 0.07
        ? null
        : (
            COUNTRY_WEIGHTS[pickWeighted(COUNTRY_CUM, unit4(seed, i, S.country, 0))] as readonly [
              string,
              number,
            ]
          )[0],
    );
    c.tags.push(tagsOf(seed, i, gender));
    // Pareto (alpha 0.8): median ~55, 7% above 1,000, a few dozen above 1,000,000. Above a million
    // the tail is taken logarithmically, so the top is a few million (as on the platform), not 10^13.
    const uf = (hash4(seed, i, S.followers, 0) + 1) / 4294967296;
    const pareto = 40 * uf ** -1.25 - 40;
    const followers = Math.floor(pareto <= 1e6 ? pareto : 1e6 * (1 + Math.log(pareto / 1e6)));
    c.followers.push(followers);
    // The more followed are seen more often; peaks follow followers with noise (mostly < 100).
    const seenP = 0.45 + 0.5 * Math.min(1, Math.log10(1 + followers) / 6);
    const seen = unit4(seed, i, S.seen, 0) < seenP;
    const noise = Math.exp(0.6 * normalFromUnit(unit4(seed, i, S.peakNoise, 0)));
    c.peak.push(seen ? Math.max(1, Math.floor(((followers + 1) ** 0.75 / 3) * noise)) : 0);
    c.bio.push(bioOf(seed, i, displayName));
  }

  // Live now: about LIVE_SHARE of all, more likely the higher the peak (weights scaled to the share).
  const weight = (peak: number) => (peak > 0 ? (1 + peak) ** 0.35 : 0);
  let total = 0;
  for (const peak of c.peak) total += weight(peak);
  const scale = (LIVE_SHARE * count) / Math.max(total, 1);
  for (let i = 0; i < count; i++) {
    const peak = c.peak[i] as number;
    const live = unit4(seed, i, S.live, 0) < Math.min(0.9, scale * weight(peak));
    let sessionStart = -1;
    let sessionEnd = -1;
    let lastSeen: number;
    if (live) {
      sessionStart = now - 5 * MINUTE - Math.floor(unit4(seed, i, S.online, 0) * 6 * HOUR);
      sessionEnd = now;
      lastSeen = now;
      c.viewersNow.push(Math.floor(peak * (0.3 + 0.7 * unit4(seed, i, S.viewersNow, 0))));
    } else {
      c.viewersNow.push(-1);
      if (peak > 0 && unit4(seed, i, S.recent, 0) < 0.35) {
        // A broadcast in the last two days, ended at least 5 minutes ago.
        sessionStart = now - 20 * MINUTE - Math.floor(unit4(seed, i, S.sessionStart, 0) * 46 * HOUR);
        const length = 10 * MINUTE + Math.floor(unit4(seed, i, S.sessionLength, 0) * 4 * HOUR);
        sessionEnd = Math.min(sessionStart + length, now - 5 * MINUTE);
        lastSeen = sessionEnd;
      } else if (peak > 0) lastSeen = now - 2 * DAY - Math.floor(unit4(seed, i, S.lastSeen, 0) * 28 * DAY);
      else lastSeen = now - 30 * DAY - Math.floor(unit4(seed, i, S.lastSeen, 0) ** 0.5 * 700 * DAY);
    }
    c.sessionStart.push(sessionStart);
    c.sessionEnd.push(sessionEnd);
    c.lastSeen.push(lastSeen);
    const earliest = sessionStart >= 0 ? sessionStart : lastSeen;
    c.firstSeen.push(earliest - Math.floor(unit4(seed, i, S.firstSeen, 0) * 3 * 365 * DAY));
  }
  return c;
}
