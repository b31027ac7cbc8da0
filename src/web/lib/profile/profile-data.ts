import type { ProfileSettings, SocialNetwork } from "../../../types/performer-profile.ts";

/**
 * A verified performer's own profile (issue 19, decision 0022; the shapes in
 * src/types/performer-profile.ts): what the settings page edits and the performer pages show. The
 * limits are the server's (src/profiles/profile-rules.ts, which the page does not load: it holds
 * the calls' zod schemas); a test keeps the two alike.
 */
export type {
  Goal as ProfileGoal,
  ProfileSettings,
  Schedule as ProfileSchedule,
  SocialNetwork,
  TipMenuLine,
} from "../../../types/performer-profile.ts";

export const ABOUT_ME_MAX = 2000;
export const SLOTS_MAX = 28;
export const GOALS_MAX = 5;
export const GOAL_TEXT_MAX = 120;
export const GOAL_TOKENS_MAX = 10_000_000;
export const TIP_MENU_MAX = 40;
export const TIP_MENU_ITEM_MAX = 120;
export const TIP_MENU_TOKENS_MAX = 1_000_000;

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
