import { TimeChart } from "../../components/charts/time-chart.tsx";
import { toRows } from "../../lib/columns.ts";
import { comparePath } from "../../lib/compare/compare-query.ts";
import { ActivityCalendar } from "./activity-calendar.tsx";
import { DailyTable } from "./daily-table.tsx";
import { FanVoices } from "./fan-voices.tsx";
import { HeatMap } from "./heat-map.tsx";
import { Milestones } from "./milestones.tsx";
import { OwnProfileBanner, OwnProfileSections } from "./own-profile.tsx";
import type { PerformerPageData } from "./page-data.ts";
import { Profile } from "./profile.tsx";
import { StreamSessions } from "./stream-sessions.tsx";

/** The performer page (/{performerName}, /model/{user}): everything server-rendered. */
export function PerformerPage({ data }: { data: PerformerPageData }) {
  const { series } = data;
  return (
    <article className="performer">
      <OwnProfileBanner own={data.own} performer={data.username} />
      <Profile data={data} />
      <OwnProfileSections own={data.own} performer={data.username} />
      <nav className="performer__links" aria-label="More about this performer">
        <a href={data.links.schedule}>Schedule</a>
        <a href={data.links.monthly}>Monthly summary</a>
        <a href={data.links.wrapped}>Year wrapped</a>
        <a href={comparePath([data.username])}>Compare</a>
      </nav>
      <section className="performer__section" aria-labelledby="charts-title">
        <h2 id="charts-title">Over time</h2>
        {/* Apart, not on one axis: followers run to millions, peak viewers to thousands (decision 0028). */}
        <TimeChart
          caption="Followers at the end of each day"
          times={series.times}
          timeUnit="day"
          series={[{ label: "Followers", values: series.followers }]}
        />
        <TimeChart
          caption="Peak viewers per day"
          times={series.times}
          timeUnit="day"
          series={[{ label: "Peak viewers", values: series.peakViewers }]}
        />
        <TimeChart
          caption="Best rank per day (1 is the top)"
          times={series.times}
          timeUnit="day"
          reversed
          integer
          series={[{ label: "Best rank", values: series.bestRank }]}
        />
      </section>
      <StreamSessions streams={toRows(data.streams)} selected={data.selectedStream} path={data.requestPath} />
      <HeatMap week={data.heat} weeks={data.weeks} path={data.requestPath} id="hours" />
      <ActivityCalendar calendar={data.calendar} />
      <DailyTable days={toRows(data.daily)} />
      <Milestones progress={data.milestones} peak={data.badges.peakViewers?.viewers ?? null} />
      <FanVoices performer={data.username} quotes={data.fanQuotes} />
    </article>
  );
}
