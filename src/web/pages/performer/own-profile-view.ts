import { bioForDisplay } from "../../lib/profile/bio-text.ts";
import { type ProfileSettings, socialLinks } from "../../lib/profile/profile-data.ts";
import { nextStream, type WeeklySlot } from "../../lib/profile/weekly-time.ts";

/**
 * What the performer pages show of a verified performer's own profile: only what visitors may see
 * (a goal's tokens only when the performer shows them), the about-me under SPEC §5's rules, and the
 * next stream worked out at render time, so that the browser's first render matches the server's.
 */
export interface OwnProfileView {
  /** SPEC §5's display of the performer's own about-me; null when empty or hidden by the rules. */
  aboutMe: string | null;
  schedule: {
    timezone: string;
    slots: WeeklySlot[];
    /** The next stream (or the one under way) at `renderedAt`, as instants. */
    next: { start: number; end: number } | null;
  } | null;
  goals: { text: string; tokens: number | null }[];
  /** The tip menu, prices shown: a price list is for visitors (decision 0024). */
  tipMenu: { item: string; tokens: number }[];
  socials: { network: string; label: string; url: string }[];
  profileImage: string | null;
  bannerImage: string | null;
  /** The server's now (ms): the browser renders with it first, then with its own. */
  renderedAt: number;
}

/** Our own stored images only (the calls keep them so; the page does not take another's word). */
const OWN_IMAGE = /^\/images\/profiles\/[0-9a-f]{64}\.webp$/;
const ownImage = (path: string | null) => (path !== null && OWN_IMAGE.test(path) ? path : null);

/** The view of a verified profile, or null for a performer with no verified account (or opted out). */
export function ownProfileView(settings: ProfileSettings | null, now: number): OwnProfileView | null {
  if (settings === null) return null;
  const schedule = settings.schedule;
  const next = schedule === null ? null : nextStream(schedule.slots, schedule.timezone, now);
  return {
    aboutMe: bioForDisplay(settings.aboutMe),
    schedule:
      schedule === null || schedule.slots.length === 0
        ? null
        : {
            timezone: schedule.timezone,
            slots: schedule.slots,
            next: next === null ? null : { start: next.start, end: next.end },
          },
    goals: settings.goals.map((goal) => ({
      text: goal.text,
      tokens: settings.shouldDisplayGoalDetailsOnProfile ? goal.tokens : null,
    })),
    tipMenu: settings.tipMenu.map((line) => ({ item: line.item, tokens: line.tokens })),
    socials: socialLinks(settings.socials).filter((link) => link.url.startsWith("https://")),
    profileImage: ownImage(settings.profileImage),
    bannerImage: ownImage(settings.bannerImage),
    renderedAt: now,
  };
}

/** The about-me the performer page shows: the performer's own text when they wrote one, else the fetched bio. */
export function aboutMeToShow(ownAboutMe: string | undefined, fetchedAboutMe: string | null): string | null {
  return bioForDisplay(ownAboutMe !== undefined && ownAboutMe.trim() !== "" ? ownAboutMe : fetchedAboutMe);
}
