import type { ImageFile } from "../../../profiles/social/bio-block.ts";
import type { TrophyKind } from "../../../profiles/social/trophies.ts";
import type { SocialNetwork } from "../../../types/performer-profile.ts";

/** The editor (/socialmedia…: trophies and buttons) or the buttons alone (/social-media-buttons…). */
export type SocialTool = "editor" | "buttons";

/** Kept five minutes: the trophies change once a day, with the rankings. */
export const SOCIALMEDIA_CACHE_CONTROL = "public, max-age=300";

/** The page's message for a name that cannot be a performer's (status 400). */
export const NOT_A_PERFORMER_NAME = "That cannot be a performer's name";

export interface TrophyView {
  slug: string;
  name: string;
  kind: TrophyKind;
  /** How it is earned, in words: "Best daily rank #10 or better". */
  rule: string;
  earned: boolean;
  image: ImageFile;
}

export interface NetworkView {
  network: SocialNetwork;
  label: string;
  /** The rule for a handle, as the field's hint says it. */
  hint: string;
  image: ImageFile;
}

export interface PerformerView {
  username: string;
  /** Their page on our site: where the trophies link to (absolute, on the configured origin). */
  pageUrl: string;
  /** Their room on the platform, without our campaign: the performer's own link. */
  roomUrl: string;
  /** A verified account: the handles come from their profile's socials. */
  verified: boolean;
  /** What the trophies were judged by, for the page's own words. */
  bestRank: { rank: number; day: string } | null;
  peakViewers: { viewers: number; day: string } | null;
}

/** What the page starts with (the server's first view, and the form's answer without scripts). */
export interface SocialState {
  /** The handle field of each network as typed (a handle or a link). */
  handles: Partial<Record<SocialNetwork, string>>;
  /** The room's button is in the block. */
  room: boolean;
  /** Picked trophies' slugs: earned ones only. */
  trophies: string[];
}

export interface SocialPageData {
  tool: SocialTool;
  /** The page's address (no query): where the form sends its choices. */
  path: string;
  /** The site's configured public origin: the block's images and the trophies' links are on it. */
  origin: string;
  platformName: string;
  performer: PerformerView | null;
  /** Why the name in the address is refused (status 400), else null. */
  problem: string | null;
  /** The name as typed, for the name form. */
  nameInput: string;
  networks: NetworkView[];
  /** The room's button image (shown only with a performer). */
  roomImage: ImageFile;
  /** Every trophy, earned or not (the editor only; empty for the buttons page). */
  trophies: TrophyView[];
  /** /socialmedia/{user}/{trophy}: the trophy asked for, whether earned or not. */
  asked: { slug: string; name: string; earned: boolean } | null;
  state: SocialState;
}

/** The tool's address for a performer and a trophy. */
export function socialPath(tool: SocialTool, user: string | null, trophy: string | null = null): string {
  const base = tool === "editor" ? "/socialmedia" : "/social-media-buttons";
  if (user === null) return base;
  const withUser = `${base}/${encodeURIComponent(user)}`;
  return trophy === null || tool === "buttons" ? withUser : `${withUser}/${encodeURIComponent(trophy)}`;
}
