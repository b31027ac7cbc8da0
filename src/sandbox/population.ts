import { type ProfileTruth, profileTruth } from "./biocontext.ts";
import { createPerformers, type Performers } from "./performers.ts";
import { hashString } from "./prng.ts";
import { ageOn, buildProfile, type CivilDate, civilDate, type Profile } from "./profile.ts";
import { broadcastSubject, broadcastTags, followersAt, showAt, viewersAt } from "./room-state.ts";
import { buildDayTable, DAY_SEC, type DayTable } from "./schedule.ts";

/**
 * The simulated population of performers: ground truth of who is online at any instant. A model,
 * not noise (docs/decisions/0002-sandbox-population-model.md): country time zones and weekly habits,
 * heavy-tailed popularity, a global daily audience, followers growing with exposure, show spells,
 * arrivals and departures, tags and subjects per broadcast. Deterministic for (seed, size) and
 * independent of any clock: every instant is evaluated directly, never by simulating up to it.
 */
export interface PopulationOptions {
  seed: number;
  performers: number;
}

export interface TruthRoom {
  username: string;
  displayName: string;
  gender: "f" | "m" | "t" | "c";
  age: number | null;
  /** "" or YYYY-MM-DD */
  birthday: string;
  location: string;
  /** "" or ISO 3166 alpha-2 upper case */
  country: string;
  spokenLanguages: string;
  viewers: number;
  followers: number;
  tags: string[];
  subject: string;
  show: "public" | "private" | "group" | "away" | "hidden";
  secondsOnline: number;
  isNew: boolean;
  isHd: boolean;
}

export interface Population {
  readonly size: number;
  readonly seed: number;
  /** Ground truth: every room online at instant ms, sorted by viewers desc then username asc. Deterministic. */
  truthAt(ms: number): TruthRoom[];
  /**
   * Whether a username belongs to the population at any time (for the image host's 404). Optional so
   * that hand-made populations in tests need not implement it.
   */
  hasUsername?(username: string): boolean;
  /**
   * The profile page (biocontext) of a username at instant ms, or null when the platform does not
   * know it then (never, or not yet joined). Optional for the same reason as hasUsername.
   */
  profileAt?(username: string, ms: number): ProfileTruth | null;
  /**
   * The room of a username as if they had gone online ten minutes before ms, in public: what the
   * sandbox's control (overrides.ts) shows for a performer put online by hand. Null for a username
   * the population does not have. Optional for the same reason as hasUsername.
   */
  roomAsIfOnline?(username: string, ms: number): TruthRoom | null;
}

export const NEW_PERFORMER_DAYS = 30;
/** Day tables kept in memory: the history builder walks forward, the feed asks about "now". */
const TABLE_CACHE_SIZE = 4;
/** Profiles and broadcasts kept (each): enough for a few days at a million performers. */
const MAX_CACHED = 150_000;

interface BroadcastInfo {
  tags: string[];
  subject: string;
}

export function createPopulation(opts: PopulationOptions): Population {
  const performers = createPerformers(opts.seed | 0, opts.performers);
  return new SimulatedPopulation(performers);
}

class SimulatedPopulation implements Population {
  readonly size: number;
  readonly seed: number;
  private readonly tables = new Map<number, DayTable>();
  /** Bounded caches: cleared when full, since every entry can be rebuilt identically. */
  private readonly profiles = new Map<number, Profile>();
  /** Per broadcast (keyed by performer, window, ordinal) tags and subject: the same all broadcast long. */
  private readonly broadcasts = new Map<number, BroadcastInfo>();

  constructor(private readonly p: Performers) {
    this.size = p.size;
    this.seed = p.seed;
  }

  hasUsername(username: string): boolean {
    return this.p.indexByUsername.has(username);
  }

  profileAt(username: string, ms: number): ProfileTruth | null {
    const i = this.p.indexByUsername.get(username);
    return i === undefined ? null : profileTruth(this.p, i, this.profile(i), ms / 1000);
  }

  roomAsIfOnline(username: string, ms: number): TruthRoom | null {
    const i = this.p.indexByUsername.get(username);
    if (i === undefined) return null;
    const t = ms / 1000;
    // A broadcast of its own (window -1 is never scheduled), so its tags and subject are stable.
    const room = this.room(i, t - 600, -1, 0, t, civilDate(t));
    return { ...room, show: "public" };
  }

  truthAt(ms: number): TruthRoom[] {
    const t = ms / 1000;
    const table = this.table(Math.floor(t / DAY_SEC));
    const rooms: TruthRoom[] = [];
    const today = civilDate(t);
    for (let k = 0; k < table.count; k++) {
      const start = table.start[k] ?? 0;
      if (start > t || (table.end[k] ?? 0) <= t) continue;
      rooms.push(
        this.room(table.performer[k] ?? 0, start, table.window[k] ?? 0, table.ordinal[k] ?? 0, t, today),
      );
    }
    rooms.sort(
      (a, b) => b.viewers - a.viewers || (a.username < b.username ? -1 : a.username > b.username ? 1 : 0),
    );
    return rooms;
  }

  private room(
    i: number,
    start: number,
    window: number,
    ordinal: number,
    t: number,
    today: CivilDate,
  ): TruthRoom {
    const p = this.p;
    const profile = this.profile(i);
    const isNew = t - (p.joinSec[i] ?? 0) < NEW_PERFORMER_DAYS * DAY_SEC;
    const info = this.broadcast(i, window, ordinal, start);
    const show = showAt(p, i, start, t);
    return {
      username: profile.username,
      displayName: profile.displayName,
      gender: profile.gender,
      age: profile.ageShown ? ageOn(profile.born, today) : null,
      birthday: profile.birthday,
      location: profile.location,
      country: profile.country,
      spokenLanguages: profile.spokenLanguages,
      viewers: viewersAt(p, i, start, t, show),
      followers: followersAt(p, i, t),
      tags: info.tags.slice(),
      subject: info.subject,
      show,
      secondsOnline: Math.floor(t - start),
      isNew,
      isHd: profile.isHd,
    };
  }

  private profile(i: number): Profile {
    let profile = this.profiles.get(i);
    if (profile === undefined) {
      profile = buildProfile(this.p, i);
      if (this.profiles.size >= MAX_CACHED) this.profiles.clear();
      this.profiles.set(i, profile);
    }
    return profile;
  }

  private broadcast(i: number, window: number, ordinal: number, start: number): BroadcastInfo {
    // Numeric key (performer below 2^21): cheaper than building a string per room per call.
    const key = (window * 2 + ordinal) * 2_097_152 + i;
    let info = this.broadcasts.get(key);
    if (info === undefined) {
      // "new" is decided at the broadcast's start, so the answer does not depend on which instant asked first.
      const isNewAtStart = start - (this.p.joinSec[i] ?? 0) < NEW_PERFORMER_DAYS * DAY_SEC;
      const tags = broadcastTags(this.p, i, window, ordinal, isNewAtStart);
      info = { tags, subject: broadcastSubject(this.p, i, window, ordinal, tags) };
      if (this.broadcasts.size >= MAX_CACHED) this.broadcasts.clear();
      this.broadcasts.set(key, info);
    }
    return info;
  }

  private table(day: number): DayTable {
    let table = this.tables.get(day);
    if (table === undefined) {
      table = buildDayTable(this.p, day);
      if (this.tables.size >= TABLE_CACHE_SIZE) {
        const oldest = this.tables.keys().next().value;
        if (oldest !== undefined) this.tables.delete(oldest);
      }
      this.tables.set(day, table);
    }
    return table;
  }
}

/** ~10 % of performers carry the exhibitionist flag: a feed filter only, never a room field. */
export function isExhibitionist(seed: number, username: string): boolean {
  return hashString(username, seed ^ 0xe4b1) % 10 === 0;
}
