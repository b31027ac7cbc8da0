/**
 * The verified performer's own profile as the calls answer it and the pages show it (issue 19,
 * decision 0022). The rules its fields keep are in src/profiles/profile-rules.ts.
 */

/** The networks a profile may link (each to its own host: profile-rules.ts SOCIAL_HOSTS). */
export type SocialNetwork =
  | "twitter"
  | "instagram"
  | "tiktok"
  | "onlyfans"
  | "fansly"
  | "reddit"
  | "youtube"
  | "linktree"
  | "telegram";

/** A weekly slot in the performer's zone: ISO weekday (Monday 1), "HH:MM" to "HH:MM" or "24:00". */
export interface ScheduleSlot {
  day: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  start: string;
  end: string;
}

export interface Schedule {
  /** An IANA zone, or UTC. */
  timezone: string;
  slots: ScheduleSlot[];
}

export interface Goal {
  text: string;
  tokens: number | null;
}

/** A line of a verified performer's tip menu (decision 0024): what an item costs in tokens. */
export interface TipMenuLine {
  item: string;
  tokens: number;
}

export interface ProfileSettings {
  performer: string;
  /** Plain text, at most 2,000 characters, line breaks kept. */
  aboutMe: string;
  schedule: Schedule | null;
  goals: Goal[];
  /** Show each goal's tokens to visitors. */
  shouldDisplayGoalDetailsOnProfile: boolean;
  /** https links on each network's own host. */
  socials: Partial<Record<SocialNetwork, string>>;
  /** Same-origin path /images/profiles/{sha256}.webp, or null. */
  profileImage: string | null;
  bannerImage: string | null;
  /** At most 40 lines; searched by the tip menu search while the performer stays verified. */
  tipMenu: TipMenuLine[];
  /** ISO; null before the first edit. */
  updatedAt: string | null;
}

/** Socials changed: a link per network to set, and the networks whose "" removes their link. */
export interface SocialsChange {
  set: Partial<Record<SocialNetwork, string>>;
  remove: SocialNetwork[];
}
