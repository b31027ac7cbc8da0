import type { SocialNetwork } from "../../types/performer-profile.ts";
import { SOCIAL_HOSTS, SOCIAL_NETWORKS, socialLink } from "../social-links.ts";

/**
 * The networks of the social media buttons: those a verified profile may link (profile-rules.ts
 * SOCIAL_HOSTS, decision 0022) and the performer's room on the platform. Each takes a handle, checked
 * by the network's own rule for names, or a whole https link on the network's host (as the profile's
 * socials are kept), and becomes one https link.
 */

export type ButtonNetwork = SocialNetwork | "room";

export interface NetworkRule {
  network: SocialNetwork;
  /** The name on the button and in the form. */
  label: string;
  /** The button's own colour (our choice: no network's logo or brand is copied). */
  colour: string;
  /** One or two letters drawn in the button's round mark. */
  mark: string;
  /** A handle as the network allows it, after an @ (and reddit's u/) is taken off. */
  handle: RegExp;
  /** The profile address of a valid handle. */
  link: (handle: string) => string;
  /** How the rule reads in the form's hint and in the refusal. */
  handleRule: string;
}

export const NETWORK_RULES: Readonly<Record<SocialNetwork, NetworkRule>> = {
  twitter: {
    network: "twitter",
    label: "X (Twitter)",
    colour: "#14171a",
    mark: "X",
    handle: /^[A-Za-z0-9_]{1,15}$/,
    link: (h) => `https://x.com/${h}`,
    handleRule: "1 to 15 letters, digits or _",
  },
  instagram: {
    network: "instagram",
    label: "Instagram",
    colour: "#c13584",
    mark: "Ig",
    handle: /^(?!.*\.\.)(?!\.)[A-Za-z0-9._]{1,30}(?<!\.)$/,
    link: (h) => `https://www.instagram.com/${h}/`,
    handleRule: "1 to 30 letters, digits, _ or . (no dot first, last or twice in a row)",
  },
  tiktok: {
    network: "tiktok",
    label: "TikTok",
    colour: "#111111",
    mark: "Tt",
    handle: /^(?!.*\.$)[A-Za-z0-9._]{2,24}$/,
    link: (h) => `https://www.tiktok.com/@${h}`,
    handleRule: "2 to 24 letters, digits, _ or . (no dot last)",
  },
  onlyfans: {
    network: "onlyfans",
    label: "OnlyFans",
    colour: "#0b8fd0",
    mark: "OF",
    handle: /^[A-Za-z0-9._-]{1,50}$/,
    link: (h) => `https://onlyfans.com/${h}`,
    handleRule: "1 to 50 letters, digits, _ . or -",
  },
  fansly: {
    network: "fansly",
    label: "Fansly",
    colour: "#1f6feb",
    mark: "Fa",
    handle: /^[A-Za-z0-9_-]{3,30}$/,
    link: (h) => `https://fansly.com/${h}`,
    handleRule: "3 to 30 letters, digits, _ or -",
  },
  reddit: {
    network: "reddit",
    label: "Reddit",
    colour: "#d93a00",
    mark: "R",
    handle: /^[A-Za-z0-9_-]{3,20}$/,
    link: (h) => `https://www.reddit.com/user/${h}/`,
    handleRule: "3 to 20 letters, digits, _ or - (u/ may be left on)",
  },
  youtube: {
    network: "youtube",
    label: "YouTube",
    colour: "#cc0000",
    mark: "Yt",
    handle: /^(?![.-])[A-Za-z0-9._-]{3,30}$/,
    link: (h) => `https://www.youtube.com/@${h}`,
    handleRule: "3 to 30 letters, digits, _ . or -",
  },
  linktree: {
    network: "linktree",
    label: "Linktree",
    colour: "#2b7a2b",
    mark: "Lt",
    handle: /^[A-Za-z0-9._]{1,30}$/,
    link: (h) => `https://linktr.ee/${h}`,
    handleRule: "1 to 30 letters, digits, _ or .",
  },
  telegram: {
    network: "telegram",
    label: "Telegram",
    colour: "#1b7fb6",
    mark: "Tg",
    handle: /^[A-Za-z][A-Za-z0-9_]{4,31}$/,
    link: (h) => `https://t.me/${h}`,
    handleRule: "5 to 32 letters, digits or _, starting with a letter",
  },
};

export { SOCIAL_NETWORKS };

/** Every button, in the order the form lists them: the room first, then the networks. */
export const BUTTON_NETWORKS: readonly ButtonNetwork[] = ["room", ...SOCIAL_NETWORKS];

export const isSocialNetwork = (key: string): key is SocialNetwork => Object.hasOwn(SOCIAL_HOSTS, key);

/** The room button's look: the platform's name is configuration, so its label is written then. */
export const ROOM_BUTTON = { colour: "#b4235a", mark: "▶" } as const;

/** How much of a handle field is read: a link at most (MAX_SOCIAL_URL) and a little. */
export const HANDLE_MAX_INPUT = 320;

/** The refusal of a handle, naming the network's rule. */
export const handleRefused = (network: SocialNetwork) => {
  const rule = NETWORK_RULES[network];
  return `${rule.label}: expected a handle of ${rule.handleRule}, or an https link on ${SOCIAL_HOSTS[network].join(" or ")}`;
};

export type HandleResult = { ok: true; link: string } | { ok: false; problem: string };

/**
 * A field as typed → the https link it names: a handle (an @ in front and reddit's u/ taken off)
 * by the network's rule, or a link by the profile's own rule (socialLink: https on the network's
 * host, no user name, no port).
 */
export function parseHandle(network: SocialNetwork, input: string): HandleResult {
  const typed = input.slice(0, HANDLE_MAX_INPUT).trim();
  if (/^https?:\/\//i.test(typed)) {
    const link = socialLink(network, typed);
    return link === null ? { ok: false, problem: handleRefused(network) } : { ok: true, link };
  }
  let handle = typed.replace(/^@/, "");
  if (network === "reddit") handle = handle.replace(/^\/?u\//i, "");
  const rule = NETWORK_RULES[network];
  return rule.handle.test(handle)
    ? { ok: true, link: rule.link(handle) }
    : { ok: false, problem: handleRefused(network) };
}
