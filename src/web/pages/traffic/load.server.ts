import { redirect } from "react-router";
import { trafficNeighbourDays } from "../../../db/queries/traffic-days.ts";
import { tagTrafficHours, trafficHours } from "../../../db/queries/traffic-series.ts";
import type { PageContext } from "../../../page-context.ts";
import { FIXED_PATHS } from "../../../publish/paths.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import {
  activeUserCountSchema,
  activeUserCountTrendsYoySchema,
  recentBroadcasterStatsSchema,
} from "../../../publish/traffic-files.ts";
import { addDays, dayOfInstant } from "../../../rules/calendar.ts";
import { tagOverviewPath } from "../../../site/urls/tag-overview.ts";
import type { ChartSpec } from "../../components/charts/chart-spec.ts";
import { notFound, notPublishedYet } from "../../lib/page-errors.server.ts";
import { PAGE_GENDER_LABELS, PAGE_GENDERS, TRAFFIC_KEY } from "../../lib/page-genders.ts";
import { trafficCharts } from "./charts.ts";
import type { TrafficData, TrafficDayData, TrafficTagData } from "./page-data.ts";
import {
  readTrafficDay,
  readTrafficGender,
  readTrafficTag,
  trafficDayPath,
  trafficPath,
  trafficTagPath,
} from "./url.ts";

const DAY_MS = 86_400_000;
/** A tag's page covers this many days from its start date (as GET /api/traffic?startDate&tag). */
export const TAG_SPAN_DAYS = 7;

/**
 * /traffic: the three published traffic files (docs/published-files.md "Traffic") as charts for
 * the gender of `?gender=`. Before the daily job has written them: 503, "on their way".
 */
export async function loadTraffic(request: Request, context: PageContext): Promise<TrafficData> {
  const read = readTrafficGender(new URL(request.url).searchParams);
  if (read === null) throw notFound();
  if ("redirect" in read) throw redirect(read.redirect, 301);
  const [active, yoy, recent] = await Promise.all([
    readPublishedJson(context.publishDir, FIXED_PATHS.activeUserCount, activeUserCountSchema),
    readPublishedJson(
      context.publishDir,
      FIXED_PATHS.activeUserCountTrendsYoy,
      activeUserCountTrendsYoySchema,
    ),
    readPublishedJson(context.publishDir, FIXED_PATHS.recentBroadcasterStats, recentBroadcasterStatsSchema),
  ]);
  if (active === null || yoy === null || recent === null)
    throw notPublishedYet("The first traffic figures are on their way");
  return {
    gender: read.gender,
    path: trafficPath(read.gender),
    genderTabs: PAGE_GENDERS.map((g) => ({ gender: g, label: PAGE_GENDER_LABELS[g], path: trafficPath(g) })),
    asOf: active.as_of,
    charts: trafficCharts({ active, yoy, recent }, TRAFFIC_KEY[read.gender]),
  };
}

/** Every gender a line on a day's charts, in tab order. */
const GENDER_SERIES = PAGE_GENDERS.map((g) => [TRAFFIC_KEY[g], PAGE_GENDER_LABELS[g]] as const);

/**
 * /traffic/{date}: that UTC day's hours straight from the polls (trafficHours, as GET
 * /api/traffic?date does), every gender a line, with Prev and Next to the nearest days that have
 * polls. A date that is not a real day, a day after today, or a day without a complete poll: 404.
 */
export async function loadTrafficDay(
  request: Request,
  segment: string | undefined,
  context: PageContext,
  now: number = Date.now(),
): Promise<TrafficDayData> {
  const day = readTrafficDay(segment, now);
  if (day === null) throw notFound();
  // The tag form without scripts (?tag=): the tag's 7 days ending with this day.
  const picked = new URL(request.url).searchParams.get("tag");
  if (picked !== null) {
    const tag = readTrafficTag(picked.trim().toLowerCase());
    if (tag === null) throw notFound();
    throw redirect(trafficTagPath(addDays(day, -(TAG_SPAN_DAYS - 1)), tag), 303);
  }
  const start = new Date(`${day}T00:00:00Z`);
  const [hours, neighbours] = await Promise.all([
    trafficHours(context.db, start, new Date(start.getTime() + DAY_MS)),
    trafficNeighbourDays(context.db, start),
  ]);
  if (hours.length === 0) throw notFound();
  const times = hours.map((h) => Date.parse(h.hour));
  const chart = (metric: "rooms" | "viewers"): ChartSpec => ({
    times,
    timeUnit: "hour",
    decimals: 1,
    // Averages come from SQL numerics: numbers in JSON, but made sure of here.
    series: GENDER_SERIES.map(([key, label]) => ({
      label,
      values: hours.map((h) => Number(h[metric][key])),
    })),
  });
  return {
    day,
    path: trafficDayPath(day),
    prevPath: neighbours.prev === null ? null : trafficDayPath(neighbours.prev),
    nextPath:
      neighbours.next === null || neighbours.next > dayOfInstant(now)
        ? null
        : trafficDayPath(neighbours.next),
    rooms: chart("rooms"),
    viewers: chart("viewers"),
    weekStart: addDays(day, -(TAG_SPAN_DAYS - 1)),
  };
}

/**
 * /traffic/{startDate}/{tag}: a tag's rooms and viewers per hour over the 7 days from startDate
 * (tagTrafficHours, as GET /api/traffic?startDate&tag), from the daily rollup. A bad date, a start
 * after today, a tag that cannot be a tag, or 7 days without figures for it: 404.
 */
export async function loadTrafficTag(
  dateSegment: string | undefined,
  tagSegment: string | undefined,
  context: PageContext,
  now: number = Date.now(),
): Promise<TrafficTagData> {
  const startDate = readTrafficDay(dateSegment, now);
  const tag = readTrafficTag(tagSegment);
  if (startDate === null || tag === null) throw notFound();
  const start = new Date(`${startDate}T00:00:00Z`);
  const hours = await tagTrafficHours(
    context.db,
    tag,
    start,
    new Date(start.getTime() + TAG_SPAN_DAYS * DAY_MS),
  );
  if (hours.length === 0) throw notFound();
  const nextStart = addDays(startDate, TAG_SPAN_DAYS);
  const times = hours.map((h) => Date.parse(h.hour));
  return {
    tag,
    startDate,
    endDate: addDays(startDate, TAG_SPAN_DAYS - 1),
    path: trafficTagPath(startDate, tag),
    prevPath: trafficTagPath(addDays(startDate, -TAG_SPAN_DAYS), tag),
    nextPath: nextStart <= dayOfInstant(now) ? trafficTagPath(nextStart, tag) : null,
    rooms: {
      times,
      timeUnit: "hour",
      decimals: 1,
      series: [{ label: "Rooms", values: hours.map((h) => h.rooms) }],
    },
    viewers: {
      times,
      timeUnit: "hour",
      decimals: 1,
      series: [{ label: "Viewers", values: hours.map((h) => h.viewers) }],
    },
    rankingsPath: tagOverviewPath({ gender: "all", tag }),
  };
}
