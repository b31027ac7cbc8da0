import { performerYears } from "../../../db/queries/performer-years.ts";
import { type YearlySummary, yearlySummary } from "../../../db/queries/yearly-summary.ts";
import type { PageContext } from "../../../page-context.ts";
import { dayOfInstant } from "../../../rules/calendar.ts";
import { rankBadge, viewerBadge } from "../../../rules/formulas/badges.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import {
  isWrappedSegment,
  monthlyPath,
  performerPath,
  readYearParam,
  wrappedPath,
} from "../../lib/summaries/params.ts";
import type { WrappedData } from "./page-data.ts";
import { historyStart, summaryPerformer } from "./performer.server.ts";

/** A year with nothing counted: no stream, no minute, no sighting in public, no rank. */
export function isEmptyYear(summary: YearlySummary): boolean {
  return (
    summary.streams === 0 &&
    summary.daysOnline === 0 &&
    summary.hoursStreamed === 0 &&
    summary.peakViewers === null &&
    summary.bestRank === null &&
    summary.longestStream === null
  );
}

/**
 * /{slug}_wrapped/{name}[?year=YYYY] (SPEC §2): the performer's UTC year, the same figures as GET
 * /v1/public/wrapped/{name}. The slug is configuration, so the route is two dynamic segments and
 * this checks the first; a year before our history or after this one is a 404.
 */
export async function loadWrapped(
  request: Request,
  params: { wrapped?: string; performerName?: string },
  context: PageContext,
  now: number = Date.now(),
): Promise<WrappedData> {
  const slug = context.config.PLATFORM_SLUG;
  if (!isWrappedSegment(params.wrapped, slug)) throw notFound();
  const performer = await summaryPerformer(context, request, params.performerName, (name) =>
    wrappedPath(slug, name),
  );
  const today = dayOfInstant(now);
  const thisYear = new Date(now).getUTCFullYear();
  const first = await historyStart(context, today);
  const year = readYearParam(
    new URL(request.url).searchParams,
    thisYear,
    first === null ? thisYear : Number(first.slice(0, 4)),
  );
  if (year === null) throw notFound();

  const [summary, years] = await Promise.all([
    yearlySummary(context.db, performer.performerId, year),
    performerYears(context.db, performer.performerId),
  ]);
  const name = performer.username;
  return {
    username: name,
    year,
    path: wrappedPath(slug, name, year, thisYear),
    summary,
    empty: isEmptyYear(summary),
    viewerBadge: summary.peakViewers === null ? null : viewerBadge(summary.peakViewers.viewers),
    rankBadge: summary.bestRank === null ? null : rankBadge(summary.bestRank.rank),
    otherYears: years
      .filter((y) => y !== year && y <= thisYear)
      .reverse()
      .map((y) => ({ year: y, path: wrappedPath(slug, name, y, thisYear) })),
    // The monthly summary of the year's last month: December, or this month for this year.
    monthlyPath: year === thisYear ? monthlyPath(name) : monthlyPath(name, `${year}-12`, today.slice(0, 7)),
    performerPath: performerPath(name),
  };
}
