import type { DailyAggregate } from "../../../db/queries/daily-aggregates.ts";
import type { StreamSession, StreamSessionRow } from "../../../db/queries/performer-streams.ts";
import type { Columns } from "../../lib/columns.ts";
import type { CalendarData } from "./calendar-data.ts";
import type { FanQuote } from "./fan-voices.tsx";
import type { HeatWeek, WeekChoice } from "./heat-map-parts.ts";
import type { MilestoneProgress } from "./milestones-parts.ts";
import type { OwnProfileView } from "./own-profile-view.ts";

/** A performer's live state (SPEC §4) as the page shows it. */
export interface PerformerLive {
  live: boolean;
  /** When not live: 'live N days ago', 'live recently' or 'not active last week'. */
  text: string | null;
  /** In the latest poll: its viewers and show (SPEC §3 status text); null when not in it. */
  viewers: number | null;
  show: string | null;
}

/** What the profile box shows: the same on the performer page and the schedule page. */
export interface PerformerHeader {
  username: string;
  displayName: string | null;
  /** The performer page's path, /{username}. */
  path: string;
  /** /go/{username}: the room on the platform (a 302 with the campaign). */
  roomPath: string;
  /** The performer's own profile while a verified account keeps it (issue 19); else null. */
  own: OwnProfileView | null;
}

export interface PerformerPageData extends PerformerHeader {
  kind: "performer";
  /** Approved fan quotes, newest first (issue 30). */
  fanQuotes: FanQuote[];
  /** The address the page was asked at: /{username} or /model/{username}. */
  requestPath: string;
  gender: string | null;
  age: number | null;
  country: string | null;
  location: string | null;
  languages: string | null;
  tags: string[];
  followers: number | null;
  firstSeen: string;
  lastSeen: string;
  /** The bio as SPEC §5 lets it be shown; null when there is none to show. */
  bio: string | null;
  followerTier: string;
  /** null for crawlers (no live lookup, SPEC §6). */
  live: PerformerLive | null;
  crawler: boolean;
  imageHost: string | null;
  /** The platform's player of the room while it is in a public show (never for crawlers); null otherwise. */
  playerUrl: string | null;
  /** The profile thumbnail we keep (/profile/{username}-thumb.jpg, decision 0023), or null when none is. */
  thumbUrl: string | null;
  badges: {
    rank: string | null;
    bestRank: { rank: number; day: string } | null;
    viewer: string;
    peakViewers: { viewers: number; day: string } | null;
  };
  /** One entry per day with a row, ascending (ms since 1970 at the day's UTC midnight). */
  series: {
    times: number[];
    followers: (number | null)[];
    peakViewers: (number | null)[];
    bestRank: (number | null)[];
  };
  /**
   * The sessions table, newest first. The page's tables go column by column (columns.ts: the
   * encoding of the loader's data grows with its objects and keys), with only the fields shown.
   */
  streams: Columns<StreamSessionRow>;
  /** The session ?stream= asks for, shown in full. */
  selectedStream: StreamSession | null;
  weeks: WeekChoice;
  heat: HeatWeek;
  calendar: CalendarData;
  /** The last 30 days' aggregates, newest first. */
  daily: Columns<DailyAggregate>;
  milestones: MilestoneProgress;
  links: { wrapped: string; monthly: string; schedule: string };
}
