import type { WeeklySlot } from "./weekly-time.ts";

/**
 * A verified performer's own profile (issue 19; /work/notes/profile-contract.md): what GET and
 * POST /v1/account_settings and the socials and image calls answer, and what the performer pages
 * show while the performer has a verified owner.
 */
export interface ProfileSettings {
  performer: string;
  /** Plain text, at most ABOUT_ME_MAX characters. */
  aboutMe: string;
  schedule: ProfileSchedule | null;
  goals: ProfileGoal[];
  /** Visitors see each goal's tokens only when this is on. */
  shouldDisplayGoalDetailsOnProfile: boolean;
  socials: Partial<Record<SocialNetwork, string>>;
  /** Same-origin paths, /images/profiles/{sha256}.webp. */
  profileImage: string | null;
  bannerImage: string | null;
  updatedAt: string | null;
}

export interface ProfileSchedule {
  /** An IANA zone: the slots' wall times are in it. */
  timezone: string;
  slots: WeeklySlot[];
}

export interface ProfileGoal {
  text: string;
  tokens: number | null;
}

export const ABOUT_ME_MAX = 2000;
export const SLOTS_MAX = 28;
export const GOALS_MAX = 5;
export const GOAL_TEXT_MAX = 120;
export const GOAL_TOKENS_MAX = 10_000_000;

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

/** The networks, in the order the form and the pages list them, with the hosts each link may use. */
export const SOCIAL_NETWORKS: readonly { network: SocialNetwork; label: string; hosts: readonly string[] }[] =
  [
    { network: "twitter", label: "X (Twitter)", hosts: ["x.com", "twitter.com"] },
    { network: "instagram", label: "Instagram", hosts: ["instagram.com"] },
    { network: "tiktok", label: "TikTok", hosts: ["tiktok.com"] },
    { network: "onlyfans", label: "OnlyFans", hosts: ["onlyfans.com"] },
    { network: "fansly", label: "Fansly", hosts: ["fansly.com"] },
    { network: "reddit", label: "Reddit", hosts: ["reddit.com"] },
    { network: "youtube", label: "YouTube", hosts: ["youtube.com"] },
    { network: "linktree", label: "Linktree", hosts: ["linktr.ee"] },
    { network: "telegram", label: "Telegram", hosts: ["t.me"] },
  ];

/** The socials that are set, in the networks' order: what the pages link to. */
export function socialLinks(
  socials: ProfileSettings["socials"],
): { network: SocialNetwork; label: string; url: string }[] {
  return SOCIAL_NETWORKS.flatMap(({ network, label }) => {
    const url = socials[network];
    return typeof url === "string" && url !== "" ? [{ network, label, url }] : [];
  });
}
