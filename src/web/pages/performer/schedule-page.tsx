import { toRows } from "../../lib/columns.ts";
import { formatDuration } from "../../lib/format.ts";
import { ActivityCalendar } from "./activity-calendar.tsx";
import { minutesBetween, utcTime } from "./format.ts";
import { HeatMap } from "./heat-map.tsx";
import { OwnProfileBanner } from "./own-profile.tsx";
import { OwnScheduleDetails, OwnScheduleMain } from "./own-schedule.tsx";
import type { SchedulePageData } from "./schedule-load.server.ts";

/** /schedule/{user}: when the performer usually streams. */
export function SchedulePage({ data }: { data: SchedulePageData }) {
  const streams = toRows(data.streams);
  return (
    <article className="performer">
      <OwnProfileBanner own={data.own} performer={data.username} />
      <h1>{data.username}'s schedule</h1>
      <OwnScheduleMain data={data} />
      <p className="performer__usually">{data.inWords}</p>
      <p>
        <a href={data.path}>{data.username}'s performer page</a> ·{" "}
        <a href={data.roomPath} rel="nofollow">
          Visit the room on the platform
        </a>
      </p>
      <HeatMap week={data.heat} weeks={data.weeks} path={data.schedulePath} id="hours" />
      <ActivityCalendar calendar={data.calendar} />
      <section className="performer__section" aria-labelledby="last-streams-title">
        <h2 id="last-streams-title">The last streams</h2>
        {streams.length === 0 ? (
          <p>No streams recorded yet.</p>
        ) : (
          <ul className="schedule__streams">
            {streams.map((s) => (
              <li key={s.streamId}>
                {utcTime(s.startTime)} to {utcTime(s.endTime)} (
                {formatDuration(minutesBetween(s.startTime, s.endTime))})
              </li>
            ))}
          </ul>
        )}
      </section>
      <OwnScheduleDetails data={data} />
    </article>
  );
}
