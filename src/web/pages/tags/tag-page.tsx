import { Link } from "react-router";
import { GENDER_LABELS } from "../../../site/gender-labels.ts";
import { TAGS_PATH, tagPagePath } from "../../../site/urls/tag-explorer.ts";
import { monthWithYear } from "../../lib/chart-scale.ts";
import { formatCount } from "../../lib/format.ts";
import { TAB_INFO } from "../../lib/tag-overview/tabs.ts";
import { MONTHS_FOR_A_LINE, MonthChart, monthsCovered, monthsSoFar } from "./month-chart.tsx";
import type { TagPageData } from "./page-data.ts";
import { formatAverage, formatGrowth } from "./tag-figures.ts";

export function tagPageHeading(tag: string): string {
  return `#${tag} in the tag explorer`;
}

/** One tag of the explorer: its day, its year, what its rooms drew, its company and its top performers. */
export function TagPage({ data, platformName }: { data: TagPageData; platformName: string }) {
  const { tag, today } = data;
  return (
    <article className="tag-explorer">
      <header>
        <p className="tag-explorer__crumb">
          <Link to={TAGS_PATH}>Tag explorer</Link>
        </p>
        <h1>{tagPageHeading(tag)}</h1>
        <p className="page__lead">
          {today === null ? (
            <>
              Nobody on {platformName} used #{tag} on <time dateTime={data.day}>{data.day}</time> (UTC),
              though it was used in the 30 days before.
            </>
          ) : (
            <>
              #{tag} was the #{today.rank} most used tag on {platformName} on{" "}
              <time dateTime={data.day}>{data.day}</time> (UTC), by {formatCount(today.count)} performers
              {data.growth !== null && (
                <>; this month's daily average is {formatGrowth(data.growth)} on last month's</>
              )}
              .
            </>
          )}
        </p>
        <ul className="tag-explorer__links">
          <li>
            <Link to={data.livePath}>Live #{tag} rooms now</Link>
          </li>
          {data.popularPath !== null && (
            <li>
              <Link to={data.popularPath}>Most watched #{tag} performers of the day</Link>
            </li>
          )}
          {data.overviewPath !== null && (
            <li>
              <Link to={data.overviewPath}>Every #{tag} ranking</Link>
            </li>
          )}
        </ul>
      </header>

      {data.trend !== null && <TagMonths tag={tag} months={data.months} trend={data.trend} />}

      {data.figures !== null && (
        <section aria-labelledby="tag-figures">
          <h2 id="tag-figures">
            What #{tag} rooms drew on {data.day}
          </h2>
          <section
            className="tag-explorer__scroll"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
            aria-label={`#${tag} by gender`}
          >
            <table className="tag-explorer__table">
              <thead>
                <tr>
                  <th scope="col">Gender</th>
                  <th scope="col">Performers</th>
                  <th scope="col">Avg peak viewers</th>
                  <th scope="col">Avg followers</th>
                  <th scope="col">Avg followers gained</th>
                </tr>
              </thead>
              <tbody>
                {data.figures.map((f) => (
                  <tr key={f.gender}>
                    <th scope="row">{GENDER_LABELS[f.gender]}</th>
                    <td>{formatCount(f.performers)}</td>
                    <td>{formatAverage(f.viewers.average)}</td>
                    <td>{formatAverage(f.followers.average)}</td>
                    <td>{formatAverage(f.gain.average, true)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <p className="tag-explorer__note">
            Per performer who used #{tag} that day, including those never seen in a public show (their peak
            counts as 0).
          </p>
        </section>
      )}

      {data.related !== null && (
        <section aria-labelledby="tag-related">
          <h2 id="tag-related">Tags that go with #{tag}</h2>
          {data.related.tags.length === 0 ? (
            <p>No other tag was shared by more than one of its performers.</p>
          ) : (
            <>
              <p className="tag-explorer__note">
                Of the {formatCount(data.related.performers)} performers who used #{tag} from{" "}
                {data.related.from} to {data.day}, how many also used each of these.
              </p>
              <ul className="tag-explorer__related">
                {data.related.tags.map((r) => (
                  <li key={r.tag}>
                    <Link to={tagPagePath(r.tag)}>#{r.tag}</Link>{" "}
                    <span className="tag-explorer__note">{formatCount(r.performers)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}

      {data.lists.length > 0 && (
        <section aria-labelledby="tag-lists">
          <h2 id="tag-lists">Top #{tag} performers</h2>
          <div className="tag-explorer__lists">
            {data.lists.map((list) => (
              <section key={list.id} aria-labelledby={`tag-list-${list.id}`} className="tag-explorer__list">
                <h3 id={`tag-list-${list.id}`}>
                  {TAB_INFO[list.id].label}{" "}
                  <span className="tag-explorer__note">({TAB_INFO[list.id].period})</span>
                </h3>
                {list.rows === null || list.rows.length === 0 ? (
                  <p>Not published for #{tag} just now.</p>
                ) : (
                  <ol>
                    {list.rows.map((row) => (
                      <li key={row.u} value={row.rank}>
                        <a href={`/${encodeURIComponent(row.u)}`}>{row.u}</a>{" "}
                        <span className="tag-explorer__note">
                          {TAB_INFO[list.id].figure}:{" "}
                          {list.id === "growing" ? formatAverage(row.value, true) : formatCount(row.value)}
                        </span>
                      </li>
                    ))}
                  </ol>
                )}
                <Link to={list.morePath}>Show more</Link>
              </section>
            ))}
          </div>
        </section>
      )}
    </article>
  );
}

/**
 * The tag's months from the first we have figures for: a line from three months, a sentence and the
 * figures before that (a line of one or two points tells nothing the figures do not).
 */
function TagMonths({
  tag,
  months: all,
  trend,
}: {
  tag: string;
  months: readonly string[];
  trend: readonly (number | null)[];
}) {
  const { months, values } = monthsCovered(all, trend);
  if (months.length === 0) return null;
  const first = months[0] as string;
  const last = months.at(-1) as string;
  const table = (
    <table className="tag-explorer__table">
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Performers a day</th>
        </tr>
      </thead>
      <tbody>
        {months.map((month, i) => (
          <tr key={month}>
            <th scope="row">{monthWithYear(month)}</th>
            <td>{values[i] == null ? "no data" : formatCount(values[i] as number)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <section aria-labelledby="tag-months">
      <h2 id="tag-months">Performers a day, month by month</h2>
      {months.length < MONTHS_FOR_A_LINE ? (
        <>
          <p className="tag-explorer__note">
            Our figures for #{tag} begin in {monthWithYear(first)}: {monthsSoFar(months.length)}. The chart
            starts with the third month.
          </p>
          {table}
        </>
      ) : (
        <>
          <figure className="tag-explorer__chart">
            <MonthChart
              months={months}
              values={values}
              label={`Average performers a day using #${tag}, each month from ${first} to ${last}`}
            />
            <figcaption>
              The average number of performers a day who used #{tag}, every gender, from{" "}
              {monthWithYear(first)}; a gap is a month we have no data for.
            </figcaption>
          </figure>
          <details className="tag-explorer__details">
            <summary>The figures</summary>
            {table}
          </details>
        </>
      )}
    </section>
  );
}
