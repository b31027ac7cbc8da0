import { useMemo } from "react";
import { Link } from "react-router";
import { TimeChart } from "../../components/charts/time-chart.tsx";
import { formatCount, formatSignedCount } from "../../lib/format.ts";
import { monthName, shortMonthName } from "../../lib/summaries/text.ts";
import { monthlyCharts } from "./monthly-charts.ts";
import type { MonthlyData } from "./page-data.ts";

const figure = (value: number | null) => (value === null ? "–" : formatCount(value));
const rank = (value: number | null) => (value === null ? "–" : `#${formatCount(value)}`);

/**
 * 12 monthly summaries (SPEC §9): four charts (drawn once scripts run, tables before) and the full
 * table, newest month first, with links to the 12 months before and after.
 */
export function MonthlyPage({ data, platformName }: { data: MonthlyData; platformName: string }) {
  const charts = useMemo(() => monthlyCharts(data.months), [data.months]);
  const first = data.months[0]?.month ?? data.month;
  const newestFirst = [...data.months].reverse();
  return (
    <article className="monthly">
      <header className="monthly__head">
        <h1 className="monthly__title">{data.username}'s monthly summary</h1>
        <p className="monthly__lead">
          {monthName(first)} to {monthName(data.month)} on {platformName}, by UTC month.
        </p>
        <p className="monthly__links">
          <Link to={data.performerPath}>{data.username}'s page</Link>
          {" · "}
          <Link to={data.wrappedPath}>Year wrapped</Link>
        </p>
        <nav className="day-nav" aria-label="Months">
          {data.earlierPath === null ? (
            <span className="day-nav__link day-nav__link--none">Earlier 12 months</span>
          ) : (
            <Link className="day-nav__link" to={data.earlierPath} rel="prev">
              Earlier 12 months
            </Link>
          )}
          {data.laterPath !== null && (
            <Link className="day-nav__link" to={data.laterPath} rel="next">
              Later 12 months
            </Link>
          )}
        </nav>
      </header>

      <TimeChart caption="Minutes online per month" {...charts.minutes} />
      <TimeChart caption="Streams per month" {...charts.streams} />
      <TimeChart caption="Followers at the end of each month" {...charts.followers} />
      <TimeChart caption="Follower gain per month" {...charts.gain} />

      <section aria-labelledby="monthly-table">
        <h2 id="monthly-table">Every month</h2>
        {/* Focusable, so a keyboard can scroll the table sideways on a phone (axe: scrollable-region-focusable). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard's focus */}
        <section className="monthly__scroll" aria-label="Every month, scrollable" tabIndex={0}>
          <table className="monthly__table">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Streams</th>
                <th scope="col">Minutes online</th>
                <th scope="col">Days online</th>
                <th scope="col">Peak viewers</th>
                <th scope="col">Followers</th>
                <th scope="col">Follower gain</th>
                <th scope="col">Best rank</th>
                <th scope="col">Best gender rank</th>
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((m) => (
                <tr key={m.month} data-month={m.month}>
                  <th scope="row">{shortMonthName(m.month)}</th>
                  <td>{formatCount(m.streams)}</td>
                  <td>{formatCount(m.minutesOnline)}</td>
                  <td>{formatCount(m.daysOnline)}</td>
                  <td>{figure(m.peakViewers)}</td>
                  <td>{figure(m.followers)}</td>
                  <td>{m.followerGain === null ? "–" : formatSignedCount(m.followerGain)}</td>
                  <td>{rank(m.bestRank)}</td>
                  <td>{rank(m.bestGenderRank)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </section>
      <p className="monthly__about">
        A stream counts for the day it started; followers are the last count known by the month's end; peak
        viewers and ranks are those of public shows.
      </p>
    </article>
  );
}
