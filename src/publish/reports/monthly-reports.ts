import { createHash } from "node:crypto";
import {
  firstHistoryDay,
  monthCountryDays,
  monthDailyTraffic,
  monthHourlyTraffic,
  monthPerformers,
  monthTagDays,
  monthTrafficTotals,
} from "../../db/queries/monthly-report.ts";
import { confirmedOptouts } from "../../db/queries/optouts.ts";
import { addDays, addMonths, monthStart } from "../../rules/calendar.ts";
import { monthTitle, reportSlug, reportTitle } from "../../site/urls/blog.ts";
import { locationName, locationSlug } from "../../stats/rankings/locations.ts";
import type { StorageOrDir } from "../../storage/storage.ts";
import type { DayPublisher, PublishContext } from "../context.ts";
import { readPublishedJson } from "../read-published-json.ts";
import { type PublishedFile, publishBytes, publishJson } from "../write-file.ts";
import {
  type MonthTraffic,
  REPORT_INDEX_PATH,
  type ReportChart,
  type ReportFile,
  type ReportIndex,
  reportChartPath,
  reportFileSchema,
  reportIndexSchema,
  reportPath,
} from "./report-file.ts";
import { barChart, columnChart, groupDigits, type SvgChart } from "./report-svg.ts";

/** Rows of the performer tables, tags that grew (and fell), countries before "every other". */
export const REPORT_PERFORMERS = 10;
export const REPORT_TAGS = 8;
export const REPORT_COUNTRIES = 10;

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The months a report is due for on `day`: every month of the history (from its first day's month)
 * that has ended by `day`, so on the 1st of a month (the job's day is the 31st, say) the month just
 * ended, and on a first start every past month at once.
 */
export function dueMonths(firstDay: string, day: string): string[] {
  const months: string[] = [];
  const lastComplete = addMonths(addDays(day, 1).slice(0, 7), -1);
  for (let m = firstDay.slice(0, 7); m <= lastComplete; m = addMonths(m, 1)) months.push(m);
  return months;
}

/**
 * The data reports (issue 21): for each month due (dueMonths) without a report yet, its JSON and
 * SVG charts, then the index of them all. A report once written is kept: the month is over and
 * its rows do not change, so the daily job does not redo it every day. It is written again when
 * its file no longer matches its schema (a new field, say) or names a performer who has opted out
 * since. Same data, same bytes.
 */
export const publishMonthlyReports: DayPublisher = async (context, day) => {
  const first = await firstHistoryDay(context.db);
  if (first === null) return [];
  const files: PublishedFile[] = [];
  const index: ReportIndex = [];
  const left = await confirmedOptouts(context.db);
  if (context.options.excludedUsername !== undefined) left.add(context.options.excludedUsername);
  for (const month of dueMonths(first, day)) {
    const kept = await readPublishedJson(context.root, reportPath(month), reportFileSchema).catch(() => null);
    // A performer who opted out since the report was written leaves it at this publish.
    const keep = kept !== null && namedIn(kept).every((name) => !left.has(name));
    const report = keep ? kept : await writeReport(context, month, files);
    if (report === null) continue;
    index.push({
      month,
      slug: reportSlug(month),
      date: report.date,
      title: report.title,
      summary: report.summary,
    });
  }
  index.sort((a, b) => b.month.localeCompare(a.month));
  files.push(await publishJson(context.root, REPORT_INDEX_PATH, reportIndexSchema.parse(index)));
  return files;
};

/** The performers a report names. */
const namedIn = (report: ReportFile) => [...report.topPerformers, ...report.risers].map((p) => p.username);

const trafficOf = (month: string, t: Awaited<ReturnType<typeof monthTrafficTotals>>): MonthTraffic | null =>
  t === null
    ? null
    : {
        month,
        days: t.days,
        rooms: round1(t.rooms),
        viewers: Math.round(t.viewers),
        peakViewers: Math.round(t.peakViewers),
      };

/** The charts' widths: for wide screens, and for phones (src/web/pages/blog/report-body.tsx). */
export const CHART_WIDTH = 720;
export const NARROW_CHART_WIDTH = 360;

/** A chart drawn and written: its address with the hash of its bytes (?v=), and its size. */
async function writeChart(
  context: PublishContext<StorageOrDir>,
  path: string,
  svg: SvgChart,
  files: PublishedFile[],
) {
  const bytes = Buffer.from(svg.svg);
  files.push(await publishBytes(context.root, path, bytes));
  const version = createHash("sha256").update(bytes).digest("base64url").slice(0, 12);
  return { src: `${path}?v=${version}`, width: svg.width, height: svg.height };
}

/** One month's report, built and written with its charts; null for a month without traffic. */
export async function writeReport(
  context: PublishContext<StorageOrDir>,
  month: string,
  files: PublishedFile[],
): Promise<ReportFile | null> {
  const report = await buildReport(context, month);
  if (report === null) return null;
  const charts: Partial<Record<ReportChart, ReportFile["charts"]["traffic"] | null>> = {};
  for (const [chart, drawn] of Object.entries(report.charts) as [ReportChart, DrawnChart | null][]) {
    if (drawn === null) {
      charts[chart] = null;
      continue;
    }
    const wide = await writeChart(context, reportChartPath(month, chart), drawn.draw(CHART_WIDTH), files);
    const narrow = await writeChart(
      context,
      reportChartPath(month, chart, "narrow"),
      drawn.draw(NARROW_CHART_WIDTH),
      files,
    );
    charts[chart] = { ...wide, alt: drawn.alt, narrow };
  }
  const file = reportFileSchema.parse({ ...report.file, charts });
  files.push(await publishJson(context.root, reportPath(month), file));
  return file;
}

/** A chart to draw at a width, and what it shows in words. */
interface DrawnChart {
  draw: (width: number) => SvgChart;
  alt: string;
}

/** The report's figures and its charts (drawn, not yet written); null for a month without traffic. */
export async function buildReport(
  { db, options }: PublishContext<StorageOrDir>,
  month: string,
): Promise<{ file: Omit<ReportFile, "charts">; charts: Record<ReportChart, DrawnChart | null> } | null> {
  const previousMonth = addMonths(month, -1);
  const yearBeforeMonth = addMonths(month, -12);
  const [current, previous, yearBefore, daily, hourly, performers, tags, previousTags, countries] =
    await Promise.all([
      monthTrafficTotals(db, month),
      monthTrafficTotals(db, previousMonth),
      monthTrafficTotals(db, yearBeforeMonth),
      monthDailyTraffic(db, month),
      monthHourlyTraffic(db, month),
      monthPerformers(db, month, options.excludedUsername, REPORT_PERFORMERS),
      monthTagDays(db, month),
      monthTagDays(db, previousMonth),
      monthCountryDays(db, month),
    ]);
  const traffic = trafficOf(month, current);
  if (traffic === null) return null;
  const title = monthTitle(month);

  const topPerformers = performers
    .filter((p) => p.peakViewers > 0)
    .sort(
      (a, b) =>
        b.peakViewers - a.peakViewers ||
        (b.followers ?? -1) - (a.followers ?? -1) ||
        cmp(a.username, b.username),
    )
    .slice(0, REPORT_PERFORMERS)
    .map((p, i) => ({
      rank: i + 1,
      username: p.username,
      gender: p.gender,
      peakViewers: p.peakViewers,
      hoursOnline: round1(p.minutesOnline / 60),
    }));
  const risers = performers
    .filter((p) => p.followerGain > 0)
    .sort(
      (a, b) =>
        b.followerGain - a.followerGain ||
        (b.followers ?? -1) - (a.followers ?? -1) ||
        cmp(a.username, b.username),
    )
    .slice(0, REPORT_PERFORMERS)
    .map((p, i) => ({
      rank: i + 1,
      username: p.username,
      gender: p.gender,
      followerGain: p.followerGain,
      followers: p.followers,
    }));

  const tagFigures = tagChanges(tags, previousTags);
  const totalCountryDays = countries.reduce((sum, c) => sum + c.performerDays, 0);
  const share = (days: number) => (totalCountryDays === 0 ? 0 : round1((days / totalCountryDays) * 100));
  const sortedCountries = [...countries].sort(
    (a, b) => b.performerDays - a.performerDays || cmp(a.country, b.country),
  );
  const shown = sortedCountries.slice(0, REPORT_COUNTRIES);
  const restDays = sortedCountries.slice(REPORT_COUNTRIES).reduce((sum, c) => sum + c.performerDays, 0);
  const countryRows = shown.map((c) => ({
    country: c.country,
    name: locationName(c.country),
    location: locationSlug(c.country),
    performerDays: c.performerDays,
    share: share(c.performerDays),
  }));

  const file: Omit<ReportFile, "charts"> = {
    month,
    date: monthStart(addMonths(month, 1)),
    title: reportTitle(month),
    summary: summaryOf(traffic, trafficOf(previousMonth, previous), topPerformers[0]?.username ?? null),
    traffic: {
      current: traffic,
      previous: trafficOf(previousMonth, previous),
      yearBefore: trafficOf(yearBeforeMonth, yearBefore),
      daily: daily.map((d) => ({ day: d.day, rooms: round1(d.rooms), viewers: Math.round(d.viewers) })),
    },
    topPerformers,
    risers,
    tags: tagFigures,
    hours: hourly.map((h) => ({ hour: h.hour, rooms: round1(h.rooms), viewers: Math.round(h.viewers) })),
    countries: countryRows,
    otherCountries: restDays === 0 ? null : { performerDays: restDays, share: share(restDays) },
  };

  const dailyViewers = file.traffic.daily.map((d) => d.viewers);
  const tagRows = tagFigures.compared
    ? [
        ...tagFigures.grew.slice(0, 5).map((t) => ({ label: `#${t.tag}`, value: t.change })),
        ...tagFigures.fell.slice(0, 5).map((t) => ({ label: `#${t.tag}`, value: t.change })),
      ]
    : tagFigures.top.slice(0, 10).map((t) => ({ label: `#${t.tag}`, value: t.performers }));
  const charts: Record<ReportChart, DrawnChart | null> = {
    traffic: {
      draw: (width) =>
        columnChart({
          width,
          title: `Viewers on average, each day of ${title} (UTC)`,
          labels: file.traffic.daily.map((d) => String(Number(d.day.slice(8)))),
          values: dailyViewers,
          labelEvery: 5,
        }),
      alt: `A column chart of the viewers on average on each day of ${title}, from ${groupDigits(Math.min(...dailyViewers))} to ${groupDigits(Math.max(...dailyViewers))}. The table below gives the month's averages.`,
    },
    top:
      topPerformers.length === 0
        ? null
        : {
            draw: (width) =>
              barChart({
                width,
                title: `Most viewers at once, ${title}`,
                rows: topPerformers.map((p) => ({ label: p.username, value: p.peakViewers })),
                format: (v) => groupDigits(v),
              }),
            alt: `A bar chart of the ${topPerformers.length} performers with the most viewers at once in ${title}, led by ${topPerformers[0]?.username} with ${groupDigits(topPerformers[0]?.peakViewers ?? 0)}. The table below lists them.`,
          },
    risers:
      risers.length === 0
        ? null
        : {
            draw: (width) =>
              barChart({
                width,
                title: `Followers won, ${title}`,
                rows: risers.map((p) => ({ label: p.username, value: p.followerGain })),
                format: (v) => `+${groupDigits(v)}`,
              }),
            alt: `A bar chart of the ${risers.length} performers who won the most followers in ${title}, led by ${risers[0]?.username} with ${groupDigits(risers[0]?.followerGain ?? 0)}. The table below lists them.`,
          },
    tags:
      tagRows.length === 0
        ? null
        : {
            draw: (width) =>
              barChart({
                width,
                title: tagFigures.compared
                  ? `Tags that grew and fell, ${title} against ${monthTitle(previousMonth)}`
                  : `The most used tags, ${title}`,
                rows: tagRows,
                format: (v) =>
                  tagFigures.compared ? `${v > 0 ? "+" : ""}${groupDigits(v, 1)}` : groupDigits(v, 1),
              }),
            alt: tagFigures.compared
              ? `A bar chart of the change in performers using each tag on a day, on average, from ${monthTitle(previousMonth)} to ${title}: the tags that grew to the right, those that fell to the left. The tables below give the figures.`
              : `A bar chart of the most used tags in ${title}, by performers using them on a day, on average. The table below gives the figures.`,
          },
    hours: {
      draw: (width) =>
        columnChart({
          width,
          title: `Viewers on average by hour of the day (UTC), ${title}`,
          labels: file.hours.map((h) => String(h.hour).padStart(2, "0")),
          values: file.hours.map((h) => h.viewers),
          labelEvery: 3,
        }),
      alt: `A column chart of the viewers on average at each hour of the day (UTC) in ${title}${busiestText(file.hours)}. The table below gives every hour.`,
    },
    countries:
      countryRows.length === 0
        ? null
        : {
            draw: (width) =>
              barChart({
                width,
                title: `Share of performer-days by country, ${title}`,
                rows: countryRows.map((c) => ({ label: c.name, value: c.share })),
                format: (v) => `${groupDigits(v, 1)} %`,
              }),
            alt: `A bar chart of the countries' shares of the performers seen on each day of ${title}, led by ${countryRows[0]?.name} with ${groupDigits(countryRows[0]?.share ?? 0, 1)} %. The table below gives the figures.`,
          },
  };
  return { file, charts };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function busiestText(hours: ReportFile["hours"]): string {
  const busiest = [...hours].sort((a, b) => b.viewers - a.viewers || a.hour - b.hour)[0];
  return busiest === undefined
    ? ""
    : `, the busiest from ${String(busiest.hour).padStart(2, "0")}:00 with ${groupDigits(busiest.viewers)}`;
}

/** Tags by performers on a day on average, this month and the one before; grew and fell by the change. */
export function tagChanges(
  current: { days: number; tags: { tag: string; performerDays: number }[] },
  previous: { days: number; tags: { tag: string; performerDays: number }[] },
): ReportFile["tags"] {
  const average = (days: number, tags: { tag: string; performerDays: number }[]) =>
    new Map(tags.map((t) => [t.tag, days === 0 ? 0 : round1(t.performerDays / days)]));
  const now = average(current.days, current.tags);
  const before = average(previous.days, previous.tags);
  const top = [...now]
    .map(([tag, performers]) => ({ tag, performers }))
    .filter((t) => t.performers > 0)
    .sort((a, b) => b.performers - a.performers || cmp(a.tag, b.tag))
    .slice(0, REPORT_TAGS);
  if (previous.days === 0) return { compared: false, top, grew: [], fell: [] };
  const changes = [...new Set([...now.keys(), ...before.keys()])].map((tag) => {
    const performers = now.get(tag) ?? 0;
    const earlier = before.get(tag) ?? 0;
    return { tag, performers, previous: earlier, change: round1(performers - earlier) };
  });
  return {
    compared: true,
    top,
    grew: changes
      .filter((t) => t.change > 0)
      .sort((a, b) => b.change - a.change || cmp(a.tag, b.tag))
      .slice(0, REPORT_TAGS),
    fell: changes
      .filter((t) => t.change < 0)
      .sort((a, b) => a.change - b.change || cmp(a.tag, b.tag))
      .slice(0, REPORT_TAGS),
  };
}

/** The report's one-paragraph summary: the month's audience, its change, and who led it. */
export function summaryOf(
  current: MonthTraffic,
  previous: MonthTraffic | null,
  leader: string | null,
): string {
  const title = monthTitle(current.month);
  let text = `In ${title} there were ${groupDigits(current.rooms, 1)} rooms online on average, with ${groupDigits(current.viewers)} viewers in them together`;
  if (previous !== null && previous.viewers > 0) {
    const change = round1(((current.viewers - previous.viewers) / previous.viewers) * 100);
    text +=
      change === 0
        ? `, as many as in ${monthTitle(previous.month)}`
        : `, ${groupDigits(Math.abs(change), 1)} % ${change > 0 ? "more" : "fewer"} than in ${monthTitle(previous.month)}`;
  }
  text += ".";
  if (leader !== null) text += ` ${leader} drew the most viewers at once.`;
  return text;
}
