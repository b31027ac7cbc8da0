import { sightingsOf } from "../../db/queries/last-seen.ts";
import type { PageContext } from "../../page-context.ts";
import { liveStateText } from "../../rules/formulas/live-state.ts";
import { liveAmong } from "./online-users.server.ts";

export interface LiveState {
  /** Live now: in the online list, or seen under 5 minutes ago (SPEC §4). */
  live: boolean;
  /** When not live: 'live N days ago', 'live recently' or 'not active last week'; null when unknown. */
  liveText: string | null;
  /** Whether we keep the performer's profile thumbnail (false for crawlers: nothing is looked up). */
  hasThumb: boolean;
}

const UNKNOWN: LiveState = { live: false, liveText: null, hasThumb: false };

export interface LiveStates {
  /** Whether a current online list was read (false for crawlers, or no list under 10 minutes old). */
  onlineListKnown: boolean;
  stateOf: (username: string) => LiveState;
}

/**
 * The live state of a page's ranked rows (SPEC §4): the online list the collector writes after each
 * poll, and each performer's last sighting (performers.last_seen) for those not in it. Only the rows
 * on screen are asked about. Crawlers get no lookup and no state at all (SPEC §6). A stale or
 * missing online list leaves the last sightings to decide, which still say 'live recently' and
 * the like truthfully.
 */
export async function liveStatesOf(
  context: Pick<PageContext, "db" | "publishDir" | "config">,
  usernames: readonly string[],
  crawler: boolean,
  now: number = Date.now(),
): Promise<LiveStates> {
  if (crawler || usernames.length === 0) return { onlineListKnown: false, stateOf: () => UNKNOWN };
  const [online, sightings] = await Promise.all([
    liveAmong(context.publishDir, context.config.PLATFORM_ABBR, usernames, now),
    sightingsOf(context.db, usernames),
  ]);
  const inList = new Set(online ?? []);
  return {
    onlineListKnown: online !== null,
    stateOf: (username) => {
      const sighting = sightings.get(username);
      const text = liveStateText(sighting?.lastSeen ?? null, now, inList.has(username));
      return { live: text === null, liveText: text, hasThumb: sighting?.hasThumb ?? false };
    },
  };
}
