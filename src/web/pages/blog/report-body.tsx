import type { ReactNode } from "react";
import { Link } from "react-router";
import type { MonthTraffic, ReportFile } from "../../../publish/reports/report-file.ts";
import { monthTitle } from "../../../site/urls/blog.ts";
import { locationPath } from "../../../site/urls/location.ts";
import { formatCount, formatSignedCount } from "../../lib/format.ts";
import { performerPath } from "../../lib/summaries/params.ts";

const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const hourSpan = (hour: number) =>
  `${String(hour).padStart(2, "0")}:00–${String((hour + 1) % 24).padStart(2, "0")}:00`;

/** A change in percent with its sign, or a dash without an earlier figure. */
function percentChange(now: number, before: number | undefined): string {
  if (before === undefined || before === 0) return "–";
  const change = Math.round(((now - before) / before) * 1000) / 10;
  return `${change > 0 ? "+" : change < 0 ? "−" : ""}${oneDecimal.format(Math.abs(change))} %`;
}

/**
 * A data report, rendered from its published JSON: each part a chart (a static SVG drawn by the
 * daily job, with its alt text) and the table of the same figures, so nothing is in the picture only.
 */
export function ReportBody({ report }: { report: ReportFile }) {
  const { traffic } = report;
  const months = [traffic.current, traffic.previous, traffic.yearBefore].filter(
    (m): m is MonthTraffic => m !== null,
  );
  const partial = traffic.current.days < daysIn(report.month);
  return (
    <div className="report">
      <p className="page__lead">{report.summary}</p>
      <p>
        Written by the daily job from our history of {monthTitle(report.month)}: every minute's list of online
        rooms, summed up by day.{" "}
        {partial &&
          `Our history covers ${traffic.current.days} of the month's ${daysIn(report.month)} days, so its figures are those days'. `}
        Times are UTC. How the figures are made, and what they cannot tell, is in{" "}
        <Link to="/blog/what-the-data-can-and-cannot-tell">what the data can and cannot tell</Link>.
      </p>

      <section aria-labelledby="report-traffic">
        <h2 id="report-traffic">Rooms and viewers</h2>
        <Chart chart={report.charts.traffic} />
        <TableBox caption="Averages over the month's polls, against the month before and a year before">
          <thead>
            <tr>
              <th scope="col" className="report__label">
                Month
              </th>
              <th scope="col">Days</th>
              <th scope="col">Rooms</th>
              <th scope="col">Viewers</th>
              <th scope="col">Viewers, change</th>
              <th scope="col">Most viewers at once</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthTitle(m.month)}</th>
                <td>{m.days}</td>
                <td>{oneDecimal.format(m.rooms)}</td>
                <td>{formatCount(m.viewers)}</td>
                <td>{m === traffic.current ? "" : percentChange(traffic.current.viewers, m.viewers)}</td>
                <td>{formatCount(m.peakViewers)}</td>
              </tr>
            ))}
          </tbody>
        </TableBox>
        {traffic.previous === null && (
          <p>The month before is not in our history, so there is nothing to compare.</p>
        )}
      </section>

      <section aria-labelledby="report-top">
        <h2 id="report-top">Top performers</h2>
        {report.topPerformers.length === 0 ? (
          <p>No performer was seen in a public show this month.</p>
        ) : (
          <>
            <Chart chart={report.charts.top} />
            <TableBox caption="The most viewers at once in a public show during the month">
              <thead>
                <tr>
                  <th scope="col">Rank</th>
                  <th scope="col" className="report__label">
                    Performer
                  </th>
                  <th scope="col">Most viewers</th>
                  <th scope="col">Hours online</th>
                </tr>
              </thead>
              <tbody>
                {report.topPerformers.map((p) => (
                  <tr key={p.username}>
                    <td>{p.rank}</td>
                    <th scope="row">
                      <Link to={performerPath(p.username)}>{p.username}</Link>
                    </th>
                    <td>{formatCount(p.peakViewers)}</td>
                    <td>{oneDecimal.format(p.hoursOnline)}</td>
                  </tr>
                ))}
              </tbody>
            </TableBox>
          </>
        )}
      </section>

      <section aria-labelledby="report-risers">
        <h2 id="report-risers">Risers</h2>
        {report.risers.length === 0 ? (
          <p>No performer won followers this month, as far as we counted.</p>
        ) : (
          <>
            <Chart chart={report.charts.risers} />
            <TableBox caption="The most followers won over the month">
              <thead>
                <tr>
                  <th scope="col">Rank</th>
                  <th scope="col" className="report__label">
                    Performer
                  </th>
                  <th scope="col">Followers won</th>
                  <th scope="col">Followers at the end</th>
                </tr>
              </thead>
              <tbody>
                {report.risers.map((p) => (
                  <tr key={p.username}>
                    <td>{p.rank}</td>
                    <th scope="row">
                      <Link to={performerPath(p.username)}>{p.username}</Link>
                    </th>
                    <td>{formatSignedCount(p.followerGain)}</td>
                    <td>{p.followers === null ? "–" : formatCount(p.followers)}</td>
                  </tr>
                ))}
              </tbody>
            </TableBox>
          </>
        )}
      </section>

      <section aria-labelledby="report-tags">
        <h2 id="report-tags">Tags that grew and fell</h2>
        <Chart chart={report.charts.tags} />
        {report.tags.compared ? (
          <>
            <TagTable
              caption="Tags that grew: performers using them on a day, on average"
              rows={report.tags.grew}
            />
            <TagTable
              caption="Tags that fell: performers using them on a day, on average"
              rows={report.tags.fell}
            />
          </>
        ) : (
          <p>The month before is not in our history, so no tag can be said to have grown or fallen yet.</p>
        )}
        {report.tags.top.length > 0 && (
          <TableBox caption="The most used tags: performers using them on a day, on average">
            <thead>
              <tr>
                <th scope="col" className="report__label">
                  Tag
                </th>
                <th scope="col">Performers</th>
              </tr>
            </thead>
            <tbody>
              {report.tags.top.map((t) => (
                <tr key={t.tag}>
                  <th scope="row">#{t.tag}</th>
                  <td>{oneDecimal.format(t.performers)}</td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        )}
      </section>

      <section aria-labelledby="report-hours">
        <h2 id="report-hours">The busiest hours</h2>
        <Chart chart={report.charts.hours} />
        <TableBox caption="Each hour of the day (UTC): rooms and viewers on average over the month">
          <thead>
            <tr>
              <th scope="col" className="report__label">
                Hour (UTC)
              </th>
              <th scope="col">Rooms</th>
              <th scope="col">Viewers</th>
            </tr>
          </thead>
          <tbody>
            {report.hours.map((h) => (
              <tr key={h.hour}>
                <th scope="row">{hourSpan(h.hour)}</th>
                <td>{oneDecimal.format(h.rooms)}</td>
                <td>{formatCount(h.viewers)}</td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      </section>

      <section aria-labelledby="report-countries">
        <h2 id="report-countries">Country shares</h2>
        {report.countries.length === 0 ? (
          <p>No performer said where they are this month.</p>
        ) : (
          <>
            <Chart chart={report.charts.countries} />
            <TableBox caption="Countries by their share of the month's performer-days (a performer seen on a day)">
              <thead>
                <tr>
                  <th scope="col" className="report__label">
                    Country
                  </th>
                  <th scope="col">Performer-days</th>
                  <th scope="col">Share</th>
                </tr>
              </thead>
              <tbody>
                {report.countries.map((c) => (
                  <tr key={c.country}>
                    <th scope="row">
                      <Link to={locationPath(c.location, "all")}>{c.name}</Link>
                    </th>
                    <td>{formatCount(c.performerDays)}</td>
                    <td>{oneDecimal.format(c.share)} %</td>
                  </tr>
                ))}
                {report.otherCountries !== null && (
                  <tr>
                    <th scope="row">Every other country</th>
                    <td>{formatCount(report.otherCountries.performerDays)}</td>
                    <td>{oneDecimal.format(report.otherCountries.share)} %</td>
                  </tr>
                )}
              </tbody>
            </TableBox>
          </>
        )}
      </section>
    </div>
  );
}

/**
 * A table in a box that scrolls sideways on a narrow screen: a region named by the table's caption,
 * reachable by keyboard so its hidden columns can be scrolled to.
 */
function TableBox({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="report__table" tabIndex={0} aria-label={caption}>
      <table>
        <caption>{caption}</caption>
        {children}
      </table>
    </section>
  );
}

/** A chart: the phones' drawing below 600 px (labels above the bars), the wide one above. */
function Chart({ chart }: { chart: ReportFile["charts"]["traffic"] | null }) {
  if (chart === null) return null;
  return (
    <picture>
      <source
        media="(max-width: 599px)"
        srcSet={chart.narrow.src}
        width={chart.narrow.width}
        height={chart.narrow.height}
      />
      <img
        className="report__chart"
        src={chart.src}
        alt={chart.alt}
        width={chart.width}
        height={chart.height}
        loading="lazy"
      />
    </picture>
  );
}

function TagTable({ caption, rows }: { caption: string; rows: ReportFile["tags"]["grew"] }) {
  if (rows.length === 0) return null;
  return (
    <TableBox caption={caption}>
      <thead>
        <tr>
          <th scope="col" className="report__label">
            Tag
          </th>
          <th scope="col">This month</th>
          <th scope="col">The month before</th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => (
          <tr key={t.tag}>
            <th scope="row">#{t.tag}</th>
            <td>{oneDecimal.format(t.performers)}</td>
            <td>{oneDecimal.format(t.previous)}</td>
            <td>
              {t.change > 0 ? "+" : t.change < 0 ? "−" : ""}
              {oneDecimal.format(Math.abs(t.change))}
            </td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}

/** Days in a month "YYYY-MM". */
function daysIn(month: string): number {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}
