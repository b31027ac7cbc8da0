import { USERNAME } from "../platform/parse-room.ts";
import type { RoomGender } from "./query.ts";

/**
 * Links out to the platform, each carrying our affiliate campaign (SPEC §1, §7). The room link is
 * the one the feed itself gives each room (chat_room_url: `{site}/in/?tour=…&campaign={wm}&track=
 * default&room={username}`), built here rather than copied from the feed so that /go/{user} (which
 * has no feed room) and the cards make the very same link, and no address from the feed ends up in
 * an href unchecked.
 */
export interface AffiliateSettings {
  /** The platform's site origin, where rooms and sections are: https://platform.example */
  site: string;
  /** The campaign slug (AFFILIATE_WM; the sandbox's own in development). */
  campaign: string;
  /** Where the platform's room player can be embedded (`{origin}/embed/{username}/`); none: no video previews. */
  embedOrigin?: string | null;
}

/** The tour and track the feed's chat_room_url carries. */
const TOUR = "LQps";
const TRACK = "default";

/** What the visitor was looking at when they followed the link (SPEC §7: gender and tag filters). */
export interface LinkFilters {
  genders?: readonly RoomGender[];
  tags?: readonly string[];
}

function affiliateParams(settings: AffiliateSettings): URLSearchParams {
  return new URLSearchParams({ tour: TOUR, campaign: settings.campaign, track: TRACK });
}

/** Whether a name (already lowercased) can be a platform username. */
export function isUsername(name: string): boolean {
  return USERNAME.test(name);
}

/**
 * A room on the platform with the campaign, and the filters of the list it was picked from:
 * gender (f, m, c, t) and tag, each repeated as the feed takes them.
 */
export function roomLink(settings: AffiliateSettings, username: string, filters: LinkFilters = {}): string {
  const params = affiliateParams(settings);
  params.set("room", username);
  for (const gender of filters.genders ?? []) params.append("gender", gender);
  for (const tag of filters.tags ?? []) params.append("tag", tag);
  return `${settings.site}/in/?${params.toString()}`;
}

/**
 * The platform's player of a room, to embed in an iframe (SPEC §7: "an embedded video preview is
 * used"), with the campaign like every link out; null when no embed origin is known.
 */
export function embedLink(settings: AffiliateSettings, username: string): string | null {
  if (!settings.embedOrigin || !isUsername(username)) return null;
  const params = new URLSearchParams({ tour: TOUR, campaign: settings.campaign, track: "embed" });
  params.set("room", username);
  return `${settings.embedOrigin}/embed/${username}/?${params.toString()}`;
}

/** The platform's age sections, by our page of the same name (SPEC §2: teen-cams … mature-cams). */
export const AGE_SECTIONS = [
  "teen-cams",
  "18to21-cams",
  "20to30-cams",
  "30to50-cams",
  "mature-cams",
] as const;
export type AgeSection = (typeof AGE_SECTIONS)[number];

/** The platform's own section of the same name (`{site}/{section}/`), with the campaign. */
export function ageSectionLink(settings: AffiliateSettings, section: AgeSection): string {
  return `${settings.site}/${section}/?${affiliateParams(settings).toString()}`;
}
