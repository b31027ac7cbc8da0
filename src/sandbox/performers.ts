import { COUNTRIES, HIDDEN_COUNTRY_SHARE } from "./countries.ts";
import { type Gender, usernameCandidate } from "./names.ts";
import { cumulativeOf, hash4, normalFromUnit, pickWeighted, unit4 } from "./prng.ts";
import { COUNTRY_TAGS, GENDER_EXCLUDED, GENDER_TAGS, TAGS, tagWeight } from "./tag-vocabulary.ts";

/**
 * The static side of the population: one entry per performer in typed arrays (a million performers
 * fit in well under 100 MB besides the usernames). Everything that varies with time is derived from
 * these plus hashes, in schedule.ts and room-state.ts.
 */
export interface Performers {
  readonly seed: number;
  readonly size: number;
  readonly usernames: string[];
  readonly indexByUsername: Map<string, number>;
  /** 0 f, 1 m, 2 t, 3 c */
  readonly gender: Uint8Array;
  /** index into COUNTRIES: where the performer lives (drives the time zone) */
  readonly country: Uint8Array;
  readonly flags: Uint8Array;
  readonly offsetMin: Int16Array;
  /** preferred local start, minutes after local midnight */
  readonly startMin: Uint16Array;
  /** usual broadcast length, minutes */
  readonly durMin: Uint16Array;
  /** per weekday (0 = Sunday) probability of broadcasting, scaled to 0..65535 */
  readonly dayProb: Uint16Array;
  /** probability of a second broadcast on a broadcasting day, 0..255 */
  readonly twiceProb: Uint8Array;
  /** viewers at full audience, before noise (heavy-tailed) */
  readonly popularity: Float32Array;
  readonly followBase: Float32Array;
  /** followers gained per day */
  readonly followRate: Float32Array;
  /** epoch seconds */
  readonly joinSec: Float64Array;
  /** epoch seconds, Infinity when the performer never leaves */
  readonly leaveSec: Float64Array;
  /** epoch days */
  readonly birthDay: Int32Array;
  readonly tagPool: Uint8Array;
  readonly tagCount: Uint8Array;
}

export const GENDERS: readonly Gender[] = ["f", "m", "t", "c"];
export const TAG_POOL_MAX = 14;

export const FLAG_AGE_SHOWN = 1;
export const FLAG_BIRTHDAY_SHOWN = 2;
export const FLAG_HD = 4;
export const FLAG_COUNTRY_HIDDEN = 8;
export const FLAG_REGULAR = 32;

const DAY_SEC = 86_400;
const T_2016 = Date.UTC(2016, 0, 1) / 1000;
const T_2025 = Date.UTC(2025, 0, 1) / 1000;
const T_2028 = Date.UTC(2028, 0, 1) / 1000;
const REFERENCE_DAY = Date.UTC(2026, 6, 1) / 1000 / DAY_SEC;

/**
 * Calibration (docs/decisions/0002): the expected number of rooms online at the daily peak, per
 * performer, for a "regular" and for an "occasional" performer, measured at the reference date
 * (late 2026; a week sampled every 20 minutes). The share of regulars is then chosen so that the
 * peak is about 1500 × (N / 20000)^0.48.
 */
export const PEAK_PER_REGULAR = 0.0918;
export const PEAK_PER_OCCASIONAL = 0.0034;

export function targetPeakOnline(size: number): number {
  return 1500 * (size / 20_000) ** 0.48;
}

export function regularShare(size: number): number {
  const perPerformer = targetPeakOnline(size) / Math.max(1, size);
  const share = (perPerformer - PEAK_PER_OCCASIONAL) / (PEAK_PER_REGULAR - PEAK_PER_OCCASIONAL);
  return Math.min(1, Math.max(0, share));
}

const COUNTRY_CUM = cumulativeOf(COUNTRIES.map((c) => c.weight));
const TAG_CUM = cumulativeOf(TAGS.map((_, r) => tagWeight(r)));
const TAG_INDEX = new Map(TAGS.map((t, i) => [t, i]));
const GENDER_CUM = cumulativeOf([70, 11, 7, 12]);

/** `regularShareOverride` exists for calibration only. */
export function createPerformers(seed: number, size: number, regularShareOverride?: number): Performers {
  const n = Math.max(0, Math.floor(size));
  const p: Performers = {
    seed,
    size: n,
    usernames: new Array<string>(n),
    indexByUsername: new Map(),
    gender: new Uint8Array(n),
    country: new Uint8Array(n),
    flags: new Uint8Array(n),
    offsetMin: new Int16Array(n),
    startMin: new Uint16Array(n),
    durMin: new Uint16Array(n),
    dayProb: new Uint16Array(n * 7),
    twiceProb: new Uint8Array(n),
    popularity: new Float32Array(n),
    followBase: new Float32Array(n),
    followRate: new Float32Array(n),
    joinSec: new Float64Array(n),
    leaveSec: new Float64Array(n),
    birthDay: new Int32Array(n),
    tagPool: new Uint8Array(n * TAG_POOL_MAX),
    tagCount: new Uint8Array(n),
  };
  const regular = regularShareOverride ?? regularShare(n);
  for (let i = 0; i < n; i++) initPerformer(p, i, regular);
  return p;
}

/** Uniform draw number `salt` of performer i's static attributes. */
function u(seed: number, i: number, salt: number): number {
  return unit4(seed, i, 0x1000 + salt, 0);
}

function initPerformer(p: Performers, i: number, regularShareOfSize: number): void {
  const seed = p.seed;
  const g = pickWeighted(GENDER_CUM, u(seed, i, 1));
  p.gender[i] = g;
  const ci = pickWeighted(COUNTRY_CUM, u(seed, i, 2));
  const country = COUNTRIES[ci];
  p.country[i] = ci;
  const offsets = country?.offsets ?? [0];
  p.offsetMin[i] = offsets[Math.floor(u(seed, i, 3) * offsets.length)] ?? 0;

  let flags = 0;
  if (u(seed, i, 4) < HIDDEN_COUNTRY_SHARE) flags |= FLAG_COUNTRY_HIDDEN;
  if (u(seed, i, 5) < (g === 3 ? 0.35 : 0.65)) {
    flags |= FLAG_AGE_SHOWN;
    if (u(seed, i, 6) < 0.7) flags |= FLAG_BIRTHDAY_SHOWN;
  }
  if (u(seed, i, 7) < 0.72) flags |= FLAG_HD;
  const isRegular = u(seed, i, 9) < regularShareOfSize;
  if (isRegular) flags |= FLAG_REGULAR;
  p.flags[i] = flags;

  initSchedule(p, i, isRegular);
  initLife(p, i, isRegular);
  initTags(p, i, g, country?.code ?? "");

  const gender = (["f", "m", "t", "c"] as const)[g] ?? "f";
  for (let attempt = 0; ; attempt++) {
    const name = usernameCandidate(seed, i, gender, attempt);
    if (!p.indexByUsername.has(name)) {
      p.usernames[i] = name;
      p.indexByUsername.set(name, i);
      break;
    }
  }
}

/** Habits: when in the local day, how long, and which weekdays. */
function initSchedule(p: Performers, i: number, isRegular: boolean): void {
  const seed = p.seed;
  const band = u(seed, i, 20);
  let start: number;
  if (band < 0.45) start = 18 * 60 + u(seed, i, 21) * 300;
  else if (band < 0.67) start = 13 * 60 + u(seed, i, 21) * 300;
  else if (band < 0.82) start = 8 * 60 + u(seed, i, 21) * 300;
  else start = 23 * 60 + u(seed, i, 21) * 240;
  p.startMin[i] = Math.floor(start) % 1440;
  const dur = 200 * Math.exp(0.5 * normalFromUnit(u(seed, i, 22)));
  p.durMin[i] = Math.round(Math.min(600, Math.max(40, dur)));

  const habit = u(seed, i, 23);
  for (let wd = 0; wd < 7; wd++) {
    const r = u(seed, i, 30 + wd);
    const weekend = wd === 0 || wd === 6;
    let prob: number;
    if (!isRegular) prob = 0.004 + 0.03 * u(seed, i, 29);
    else if (habit < 0.3) prob = 0.75 + 0.23 * r;
    else if (habit < 0.55) prob = weekend ? 0.1 + 0.2 * r : 0.75 + 0.2 * r;
    else if (habit < 0.7) prob = weekend || wd === 5 ? 0.75 + 0.2 * r : 0.05 + 0.15 * r;
    else prob = 0.3 + 0.3 * r;
    p.dayProb[i * 7 + wd] = Math.round(prob * 65535);
  }
  p.twiceProb[i] = Math.round((u(seed, i, 24) < 0.3 ? 0.1 + 0.3 * u(seed, i, 25) : 0.02) * 255);
}

/** Popularity, followers, arrival and departure, birth date. */
function initLife(p: Performers, i: number, isRegular: boolean): void {
  const seed = p.seed;
  // Pareto (alpha 0.83, minimum 2.5) softly capped near 30,000: a handful of viewers for most,
  // thousands for a few; regulars draw a somewhat larger crowd than occasional broadcasters.
  const raw = 2.5 * Math.max(1e-9, u(seed, i, 40)) ** (-1 / 0.83) * (isRegular ? 1 : 0.5);
  const cap = 24_000;
  const pop = cap * (1 - Math.exp(-raw / cap));
  p.popularity[i] = pop;
  p.followBase[i] = Math.floor(u(seed, i, 41) * 40);
  p.followRate[i] = (0.05 + 0.045 * pop) * (isRegular ? 1 : 0.3) * (0.6 + 0.8 * u(seed, i, 42));

  const join =
    u(seed, i, 43) < 0.5
      ? T_2016 + u(seed, i, 44) * (T_2025 - T_2016)
      : T_2025 + u(seed, i, 44) * (T_2028 - T_2025);
  p.joinSec[i] = Math.floor(join);
  p.leaveSec[i] =
    u(seed, i, 45) < 0.25
      ? Math.floor(join + (30 + 900 * -Math.log(1 - u(seed, i, 46) * 0.999)) * DAY_SEC)
      : Infinity;

  const ageAtReference = 18 + 30 * u(seed, i, 47) ** 1.8;
  const joinDay = Math.floor(join / DAY_SEC);
  const born = Math.floor(REFERENCE_DAY - ageAtReference * 365.25 - u(seed, i, 48) * 365);
  p.birthDay[i] = Math.min(born, Math.floor(joinDay - 18 * 365.25) - 1);
}

/** A pool of tags the performer chooses from per broadcast: Zipf draws plus country and gender tags. */
function initTags(p: Performers, i: number, g: number, countryCode: string): void {
  const gender = GENDERS[g] ?? "f";
  const excluded = GENDER_EXCLUDED[gender];
  const base = i * TAG_POOL_MAX;
  let count = 0;
  const want = 5 + (hash4(p.seed, i, 0x2002, 0) % 10);
  const extras = [...(COUNTRY_TAGS[countryCode] ?? []), ...GENDER_TAGS[gender]];
  for (let k = 0; k < extras.length; k++) {
    const t = TAG_INDEX.get(extras[k] ?? "");
    if (t !== undefined && unit4(p.seed, i, 0x2000, k) < 0.55)
      count = addTag(p.tagPool, base, count, t, excluded);
  }
  for (let k = 0; k < 40 && count < want; k++) {
    count = addTag(p.tagPool, base, count, pickWeighted(TAG_CUM, unit4(p.seed, i, 0x2003, k)), excluded);
  }
  p.tagCount[i] = count;
}

function addTag(
  pool: Uint8Array,
  base: number,
  count: number,
  t: number,
  excluded: ReadonlySet<string>,
): number {
  if (count >= TAG_POOL_MAX) return count;
  for (let k = 0; k < count; k++) if (pool[base + k] === t) return count;
  if (excluded.has(TAGS[t] ?? "")) return count;
  pool[base + count] = t;
  return count + 1;
}
