import { Link } from "react-router";
import {
  type CelebrationsData,
  celebrationsPath,
  KIND_FILTERS,
} from "../../lib/celebrations/celebrations.ts";
import { formatCount } from "../../lib/format.ts";
import { dayName, longDayName } from "../../lib/summaries/text.ts";

/**
 * The last 7 days' milestones and rank badges, newest day first, each naming the performer. The
 * kind filter is a row of links (the gender tabs' look), so it works without scripts.
 */
export function CelebrationsPage({ data, platformName }: { data: CelebrationsData; platformName: string }) {
  return (
    <article className="celebrations">
      <h1 className="celebrations__title">Celebrations</h1>
      <p className="celebrations__lead">
        Follower and viewer milestones and rank badges reached on {platformName} from {dayName(data.from)} to{" "}
        {dayName(data.to)}.
      </p>
      <nav className="gender-tabs" aria-label="Kind of celebration">
        <ul className="gender-tabs__list">
          {KIND_FILTERS.map(({ kind, label }) => (
            <li key={label}>
              <Link
                className="gender-tabs__tab"
                to={celebrationsPath(kind)}
                aria-current={kind === data.kind ? "page" : undefined}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {data.total === 0 ? (
        <p className="celebrations__empty">Nothing to celebrate in these 7 days yet.</p>
      ) : (
        data.days.map(({ day, items, more }) => (
          <section key={day} className="celebrations__day" aria-labelledby={`day-${day}`}>
            <h2 id={`day-${day}`}>{longDayName(day)}</h2>
            <ul className="celebrations__list">
              {items.map((c) => (
                <li key={`${c.username}:${c.kind}:${c.value}`} data-kind={c.kind}>
                  <Link to={`/${encodeURIComponent(c.username)}`}>{c.username}</Link> {c.text}
                </li>
              ))}
            </ul>
            {more > 0 && <p className="celebrations__more">…and {formatCount(more)} more that day.</p>}
          </section>
        ))
      )}
      <p className="celebrations__about">
        Milestones run from 1,000 to 1,000,000; rank badges are explained on{" "}
        <Link to="/performerbadges">performer badges</Link>. A rank is a live rank, the place by viewers among
        all the rooms online at one moment, so several performers can reach the Top 1 on one day. Days are
        UTC.
      </p>
    </article>
  );
}
