import { activityCalendar } from "../../../db/queries/activity-calendar.ts";
import { hourlyStats } from "../../../db/queries/hourly-stats.ts";
import { performerOwnProfile } from "../../../db/queries/performer-own-profile.ts";
import { performerStreams } from "../../../db/queries/performer-streams.ts";
import type { PageContext } from "../../../page-context.ts";
import { dayOfInstant } from "../../../rules/calendar.ts";
import { yesterdayUtc } from "../../../site/shown-days.ts";
import { type Columns, toColumns } from "../../lib/columns.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import { type CalendarData, calendarData } from "./calendar-data.ts";
import { type HeatWeek, heatWeek, readWeeks, type WeekChoice } from "./heat-map-parts.ts";
import { performerOfAddress, performerPath, schedulePath } from "./name.server.ts";
import { ownProfileView } from "./own-profile-view.ts";
import type { PerformerHeader } from "./page-data.ts";
import { scheduleInWords } from "./schedule-words.ts";

/** The latest streams the schedule lists (start and end). */
export const SCHEDULE_STREAMS = 10;

export interface SchedulePageData extends PerformerHeader {
  schedulePath: string;
  weeks: WeekChoice;
  /** The usual days and hours in words (schedule-words.ts). */
  inWords: string;
  heat: HeatWeek;
  calendar: CalendarData;
  /** Column by column, as the performer page's tables (columns.ts). */
  streams: Columns<{ streamId: string; startTime: string; endTime: string }>;
}

/** /schedule/{user}: when the performer usually streams, over 12 weeks unless ?weeks= says otherwise. */
export async function loadSchedulePage(
  request: Request,
  rawName: string | undefined,
  context: PageContext,
  now: number = Date.now(),
): Promise<SchedulePageData> {
  const profile = await performerOfAddress(request, rawName, context, schedulePath);
  const weeks = readWeeks(new URL(request.url).searchParams, 12);
  if (weeks === null) throw notFound();
  const id = profile.performerId;
  const [hourly, calendar, streams, own] = await Promise.all([
    hourlyStats(context.db, id, yesterdayUtc(now), weeks),
    activityCalendar(context.db, id, dayOfInstant(now)),
    performerStreams(context.db, id, SCHEDULE_STREAMS),
    performerOwnProfile(context.db, id),
  ]);
  const name = profile.username;
  return {
    username: name,
    displayName: profile.displayName,
    path: performerPath(name),
    roomPath: `/go/${encodeURIComponent(name)}`,
    schedulePath: schedulePath(name),
    own: ownProfileView(own, now),
    weeks,
    inWords: scheduleInWords(hourly, weeks),
    heat: heatWeek(hourly),
    calendar: calendarData(calendar),
    streams: toColumns(streams, ["streamId", "startTime", "endTime"]),
  };
}
