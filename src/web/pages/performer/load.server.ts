import { calendarDays } from "../../../db/queries/activity-calendar.ts";
import { dailyAggregateOf } from "../../../db/queries/daily-aggregates.ts";
import { hourlyStats } from "../../../db/queries/hourly-stats.ts";
import { approvedQuotes } from "../../../db/queries/moderation.ts";
import { performerLiveNow } from "../../../db/queries/online-now.ts";
import { daysBetween, performerDayRows, performerRecords } from "../../../db/queries/performer-day-rows.ts";
import { performerOwnProfile } from "../../../db/queries/performer-own-profile.ts";
import type { PerformerProfile } from "../../../db/queries/performer-profile.ts";
import {
  performerStream,
  performerStreamRows,
  SESSION_ROW_FIELDS,
} from "../../../db/queries/performer-streams.ts";
import { keptThumbHash } from "../../../db/queries/performer-thumbs.ts";
import { embedLink } from "../../../online-rooms/links.ts";
import { type RoomStatus, STATUS_TEXT } from "../../../online-rooms/room.ts";
import type { PageContext } from "../../../page-context.ts";
import { addDays, dayOfInstant } from "../../../rules/calendar.ts";
import { rankBadge, viewerBadge } from "../../../rules/formulas/badges.ts";
import { followerTier } from "../../../rules/formulas/follower-tiers.ts";
import { isCrawler } from "../../../site/crawler.ts";
import { yesterdayUtc } from "../../../site/shown-days.ts";
import { profileThumbPath } from "../../../site/urls/profile-thumb.ts";
import { toColumns } from "../../lib/columns.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import { calendarData } from "./calendar-data.ts";
import { heatWeek, readWeeks } from "./heat-map-parts.ts";
import { milestoneProgress } from "./milestones-parts.ts";
import { performerOfAddress, performerPath, schedulePath } from "./name.server.ts";
import { aboutMeToShow, ownProfileView } from "./own-profile-view.ts";
import type { PerformerLive, PerformerPageData } from "./page-data.ts";

/** Sessions in the table: the latest first. */
export const STREAMS_SHOWN = 20;
/** Days of the daily aggregates table. */
export const DAILY_DAYS = 30;
/** Approved fan quotes on the page, newest first (the API lists more). */
export const FAN_QUOTES_SHOWN = 10;
/**
 * Days the followers, viewers and rank charts cover. Not the calendar's 54 weeks: each chart's
 * table is rendered on every visit (the page reads whole without scripts), and two tables of a
 * year's days made a page of thousands of cells; the monthly summary charts the year.
 */
export const SERIES_DAYS = 90;
/** A ?stream= id: a session's start in whole seconds since 1970. */
const STREAM_ID = /^\d{1,11}$/;

/** The performer's live state (SPEC §4: performerLiveNow's rule) as the page shows it. */
export async function performerLive(
  context: Pick<PageContext, "db">,
  profile: PerformerProfile,
  now: number,
): Promise<PerformerLive> {
  const { live, text, room, inOnlineList } = await performerLiveNow(
    context.db,
    profile.performerId,
    profile.lastSeen.getTime(),
    now,
  );
  const current = inOnlineList ? room : null;
  return {
    live,
    text,
    viewers: current ? current.viewers : null,
    show: current ? (STATUS_TEXT[current.status as RoomStatus] ?? "Group show") : null,
  };
}

/**
 * /{performerName} and /model/{user}: every figure of the page from the database, the queries run
 * at once once the performer is known. `pathOf` is the address form asked for (the 301 for
 * capitals keeps it).
 */
export async function loadPerformerPage(
  request: Request,
  rawName: string | undefined,
  context: PageContext,
  pathOf: (name: string) => string = performerPath,
  now: number = Date.now(),
): Promise<PerformerPageData> {
  const profile = await performerOfAddress(request, rawName, context, pathOf);
  const search = new URL(request.url).searchParams;
  const weeks = readWeeks(search, 4);
  const streamParam = search.getAll("stream");
  if (weeks === null || streamParam.length > 1) throw notFound();
  const streamId = streamParam[0];
  if (streamId !== undefined && !STREAM_ID.test(streamId)) throw notFound();

  const crawler = isCrawler(request);
  const id = profile.performerId;
  const today = dayOfInstant(now);
  // Hourly stats over whole days: the weeks end yesterday, so today's half day does not thin a weekday.
  const yesterday = yesterdayUtc(now);
  // Every figure of the performer's days (charts, daily table, calendar, records) comes from one
  // read of their performer_days rows: a round trip each costs more than deriving them here.
  const [days, streams, selected, hourly, live, thumbHash, own, quotes] = await Promise.all([
    performerDayRows(context.db, id),
    performerStreamRows(context.db, id, STREAMS_SHOWN),
    streamId === undefined ? null : performerStream(context.db, id, streamId),
    hourlyStats(context.db, id, yesterday, weeks),
    crawler ? null : performerLive(context, profile, now),
    keptThumbHash(context.db, id),
    performerOwnProfile(context.db, id),
    approvedQuotes(context.db, id, FAN_QUOTES_SHOWN),
  ]);
  if (streamId !== undefined && selected === null) throw notFound();
  const series = daysBetween(days, addDays(today, 1 - SERIES_DAYS), today);
  const records = performerRecords(days);
  const calendar = calendarDays(dayOfInstant(profile.firstSeen.getTime()), today, days);
  const daily = daysBetween(days, addDays(today, 1 - DAILY_DAYS), today).map(dailyAggregateOf);

  const name = profile.username;
  return {
    kind: "performer",
    username: name,
    displayName: profile.displayName,
    path: performerPath(name),
    requestPath: pathOf(name),
    roomPath: `/go/${encodeURIComponent(name)}`,
    gender: profile.gender,
    age: profile.age,
    country: profile.country,
    location: profile.location,
    languages: profile.languages,
    tags: profile.tags,
    followers: profile.followers,
    firstSeen: profile.firstSeen.toISOString(),
    lastSeen: profile.lastSeen.toISOString(),
    // Crawlers see full text (SPEC §6); people the bio whole too: the page is the bio's home.
    // The verified performer's own words first (issue 19), else the fetched about-me.
    bio: aboutMeToShow(own?.aboutMe, profile.aboutMe),
    own: ownProfileView(own, now),
    followerTier: followerTier(profile.followers),
    live,
    crawler,
    imageHost: context.imageHost,
    playerUrl:
      live?.live && (live.show === null || live.show === STATUS_TEXT[1])
        ? embedLink(context.affiliate, name)
        : null,
    thumbUrl: thumbHash === null ? null : profileThumbPath(name, thumbHash),
    badges: {
      rank: records.bestRank ? rankBadge(records.bestRank.rank) : null,
      bestRank: records.bestRank,
      viewer: viewerBadge(records.peakViewers?.viewers ?? 0),
      peakViewers: records.peakViewers,
    },
    series: {
      times: series.map((p) => Date.parse(`${p.day}T00:00:00Z`)),
      followers: series.map((p) => p.followers),
      peakViewers: series.map((p) => p.peakViewers),
      bestRank: series.map((p) => p.bestRank),
    },
    streams: toColumns(streams, SESSION_ROW_FIELDS),
    selectedStream: selected,
    weeks,
    heat: heatWeek(hourly),
    calendar: calendarData(calendar),
    daily: toColumns(daily.reverse(), ["localTime", "streamCount", "followerGains", "minutesOnline"]),
    milestones: milestoneProgress(records.peakViewers?.viewers ?? null, records.milestones),
    fanQuotes: quotes.map((q) => ({
      quoteId: q.quoteId,
      quote: q.quote,
      by: q.by,
      approvedOn: q.approvedAt.toISOString().slice(0, 10),
    })),
    links: {
      wrapped: `/${context.config.PLATFORM_SLUG}_wrapped/${encodeURIComponent(name)}`,
      monthly: `/monthly_summary/${encodeURIComponent(name)}`,
      schedule: schedulePath(name),
    },
  };
}
