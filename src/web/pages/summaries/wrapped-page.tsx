import { Link } from "react-router";
import { isFileSegment } from "../../../stats/rankings/vocabulary.ts";
import { formatCount, formatDuration, formatSignedCount } from "../../lib/format.ts";
import { dayName, hourSpan, monthName, weekdayName } from "../../lib/summaries/text.ts";
import type { WrappedData } from "./page-data.ts";

/** One figure of the year: what it is, the figure, and a line that puts it in context. */
function Stat({ label, value, note }: { label: string; value: string; note?: string | null }) {
  return (
    <div className="wrapped__stat">
      <dt className="wrapped__label">{label}</dt>
      <dd className="wrapped__value">{value}</dd>
      {note ? <dd className="wrapped__note">{note}</dd> : null}
    </div>
  );
}

/**
 * A performer's year as a page to share: the big figures first, then when they streamed and what
 * they streamed as. Everything is in the server's HTML; nothing here needs scripts.
 */
export function WrappedPage({ data, platformName }: { data: WrappedData; platformName: string }) {
  const { summary: s, username, year } = data;
  return (
    <article className="wrapped">
      <header className="wrapped__head">
        <p className="wrapped__kicker">
          {platformName} wrapped {year}
        </p>
        <h1 className="wrapped__title">
          {username}'s {year} on {platformName}
        </h1>
        <p className="wrapped__links">
          <Link to={data.performerPath}>{username}'s page</Link>
          {" · "}
          <Link to={data.monthlyPath}>Monthly summary</Link>
        </p>
      </header>

      {data.empty ? (
        <p className="wrapped__empty">
          No streams of {username} were recorded in {year}.
          {data.otherYears.length > 0 ? " Try another year below." : ""}
        </p>
      ) : (
        <>
          <dl className="wrapped__stats">
            <Stat label="Hours streamed" value={formatCount(s.hoursStreamed)} />
            <Stat label="Streams" value={formatCount(s.streams)} />
            <Stat label="Days online" value={formatCount(s.daysOnline)} />
            <Stat
              label="Longest stream"
              value={s.longestStream ? formatDuration(s.longestStream.minutes) : "–"}
              note={s.longestStream ? `on ${dayName(s.longestStream.startTime.slice(0, 10))}` : null}
            />
            <Stat
              label="Peak viewers"
              value={s.peakViewers ? formatCount(s.peakViewers.viewers) : "–"}
              note={s.peakViewers ? `${data.viewerBadge ?? ""} · on ${dayName(s.peakViewers.day)}` : null}
            />
            <Stat
              label="Best rank"
              value={s.bestRank ? `#${formatCount(s.bestRank.rank)}` : "–"}
              note={
                s.bestRank
                  ? `${data.rankBadge === null ? "" : `${data.rankBadge} · `}on ${dayName(s.bestRank.day)}`
                  : null
              }
            />
            <Stat
              label="Follower gain"
              value={s.followerGain === null ? "–" : formatSignedCount(s.followerGain)}
            />
            <Stat
              label="Busiest weekday"
              value={s.busiestWeekday ? weekdayName(s.busiestWeekday.weekday) : "–"}
              note={s.busiestWeekday ? `${formatDuration(s.busiestWeekday.minutesOnline)} online` : null}
            />
            <Stat
              label="Busiest hour"
              value={s.busiestHour ? hourSpan(s.busiestHour.hour) : "–"}
              note={s.busiestHour ? `${formatDuration(s.busiestHour.minutesOnline)} online` : null}
            />
            <Stat
              label="Best month"
              value={s.bestMonth ? monthName(s.bestMonth.month) : "–"}
              note={s.bestMonth ? `${formatDuration(s.bestMonth.minutesOnline)} online` : null}
            />
          </dl>

          <section className="wrapped__tags" aria-labelledby="wrapped-tags">
            <h2 id="wrapped-tags">Top tags</h2>
            {s.topTags.length === 0 ? (
              <p>No tags this year.</p>
            ) : (
              <ol className="wrapped__tag-list">
                {s.topTags.map(({ tag, days }) => (
                  <li key={tag}>
                    {isFileSegment(tag) ? (
                      <Link to={`/tag/${encodeURIComponent(tag)}`}>#{tag}</Link>
                    ) : (
                      `#${tag}`
                    )}{" "}
                    <span className="wrapped__tag-days">
                      {formatCount(days)} {days === 1 ? "day" : "days"}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}

      {data.otherYears.length > 0 && (
        <nav className="wrapped__years" aria-label="Other years">
          <h2>Other years</h2>
          <ul>
            {data.otherYears.map(({ year: other, path }) => (
              <li key={other}>
                <Link to={path}>
                  {username}'s {other}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <p className="wrapped__about">
        Counted in UTC from the public rooms of {platformName}: a stream counts for the day it started, hours
        and weekdays are UTC clock hours. Peak viewers and best rank are those of a public show; the badges
        are explained on <Link to="/performerbadges">performer badges</Link>.
      </p>
    </article>
  );
}
