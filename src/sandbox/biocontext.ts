import { aboutMe } from "./bio.ts";
import { COUNTRIES } from "./countries.ts";
import { FLAG_COUNTRY_HIDDEN, type Performers, TAG_POOL_MAX } from "./performers.ts";
import { ageOn, civilDate, type Profile } from "./profile.ts";
import { followersAt } from "./room-state.ts";
import { lastBroadcastAt } from "./schedule.ts";
import { TAGS } from "./tag-vocabulary.ts";

/**
 * A performer's profile as the platform's biocontext endpoint tells it (ONLINE_ROOMS_API.md, last
 * section): it exists while the performer is offline too, so it is the one place that has the
 * about-me text of everybody the collector has ever seen.
 */
export interface ProfileTruth {
  username: string;
  followers: number;
  location: string;
  aboutMe: string;
  /** null when the performer does not show an age */
  age: number | null;
  /** epoch ms: end of the latest broadcast, or the instant asked about while one runs; null if none yet */
  lastBroadcast: number | null;
  live: boolean;
}

/** The profile of performer i at epoch second t, or null before the performer joined the platform. */
export function profileTruth(p: Performers, i: number, profile: Profile, t: number): ProfileTruth | null {
  if (t < (p.joinSec[i] ?? 0)) return null;
  const hidden = ((p.flags[i] ?? 0) & FLAG_COUNTRY_HIDDEN) !== 0;
  const tags: string[] = [];
  for (let k = 0; k < (p.tagCount[i] ?? 0); k++) {
    const tag = TAGS[p.tagPool[i * TAG_POOL_MAX + k] ?? 0];
    if (tag !== undefined) tags.push(tag);
  }
  const last = lastBroadcastAt(p, i, t);
  return {
    username: profile.username,
    followers: followersAt(p, i, t),
    location: profile.location,
    aboutMe: aboutMe({
      seed: p.seed,
      index: i,
      username: profile.username,
      displayName: profile.displayName,
      gender: profile.gender,
      countryName: hidden ? "" : (COUNTRIES[p.country[i] ?? 0]?.name ?? ""),
      spokenLanguages: profile.spokenLanguages,
      tags,
      startMin: p.startMin[i] ?? 0,
    }),
    age: profile.ageShown ? ageOn(profile.born, civilDate(t)) : null,
    lastBroadcast: last === null ? null : Math.floor(last.end) * 1000,
    live: last?.live ?? false,
  };
}

/** The endpoint's JSON body for a profile, at instant nowMs. */
export function renderBiocontext(truth: ProfileTruth, nowMs: number): Record<string, unknown> {
  return {
    follower_count: truth.followers,
    location: truth.location,
    about_me: truth.aboutMe,
    display_age: truth.age,
    last_broadcast: truth.lastBroadcast === null ? null : new Date(truth.lastBroadcast).toISOString(),
    time_since_last_broadcast: timeSince(truth, nowMs),
  };
}

/** The platform's wording: "online now", "5 minutes ago", "3 hours ago", "12 days ago"; "" for never. */
function timeSince(truth: ProfileTruth, nowMs: number): string {
  if (truth.live) return "online now";
  if (truth.lastBroadcast === null) return "";
  const minutes = Math.max(0, Math.floor((nowMs - truth.lastBroadcast) / 60_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (minutes < 60) return plural(minutes, "minute");
  if (minutes < 48 * 60) return plural(Math.floor(minutes / 60), "hour");
  return plural(Math.floor(minutes / 1440), "day");
}
