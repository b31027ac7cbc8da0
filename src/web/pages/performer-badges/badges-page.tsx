import { Form, Link } from "react-router";
import { blogPostPath } from "../../../site/urls/blog.ts";
import { celebrationsPath } from "../../lib/celebrations/celebrations.ts";
import { formatCount } from "../../lib/format.ts";
import { dayName } from "../../lib/summaries/text.ts";
import type { BadgeRow, BadgesData } from "./tables.ts";

/** One badge table: the badge, its rule, and who earned it in the celebrations' days. */
function BadgeTable({
  caption,
  rows,
  moreKind,
}: {
  caption: string;
  rows: BadgeRow[];
  moreKind: "rank" | "viewers" | "followers";
}) {
  return (
    // The table wraps to any width (no sideways scrolling), so it needs no focusable scroller.
    <div className="badges__scroll">
      <table className="badges__table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Badge</th>
            <th scope="col">Rule</th>
            <th scope="col">Earned recently</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} data-badge={row.name}>
              <th scope="row">{row.name}</th>
              <td>{row.rule}</td>
              <td>
                {row.earned.length === 0 ? (
                  <span className="badges__none">–</span>
                ) : (
                  <ul className="badges__earners">
                    {row.earned.map((e) => (
                      <li key={e.username}>
                        <Link to={`/${encodeURIComponent(e.username)}`}>{e.username}</Link>{" "}
                        <span className="badges__when">
                          {e.text === null ? "" : `${e.text}, `}
                          {dayName(e.day)}
                        </span>
                      </li>
                    ))}
                    {row.more > 0 && (
                      <li>
                        <Link to={celebrationsPath(moreKind)}>and {formatCount(row.more)} more</Link>
                      </li>
                    )}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The badges a performer can earn, each with its rule as the formulas compute it, and who earned
 * them lately; a GET form sends a name to the performer's own page.
 */
export function BadgesPage({ data, platformName }: { data: BadgesData; platformName: string }) {
  return (
    <article className="badges">
      <h1 className="badges__title">Performer badges</h1>
      <p className="badges__lead">
        Badges for {platformName} performers: rank badges for the best rank of a day, viewer badges for peak
        viewers, and follower tiers. Each performer's page shows the badges they hold.
      </p>

      <Form method="get" className="badges__form" role="search" aria-label="A performer's badges">
        <label htmlFor="badges-name">See a performer's badges</label>
        <div className="badges__form-row">
          <input
            id="badges-name"
            name="name"
            type="text"
            defaultValue={data.name}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            aria-invalid={data.nameError === null ? undefined : true}
            aria-describedby={data.nameError === null ? undefined : "badges-name-error"}
          />
          <button type="submit">Show badges</button>
        </div>
        {data.nameError !== null && (
          <p id="badges-name-error" className="badges__error" role="alert">
            {data.nameError}
          </p>
        )}
      </Form>

      <p className="badges__recent">
        {data.from === null || data.to === null ? (
          "Who earned each badge recently appears here once the first celebrations are published."
        ) : (
          <>
            Earned recently: from {dayName(data.from)} to {dayName(data.to)}, as on the{" "}
            <Link to="/celebrations">celebrations</Link> page.
          </>
        )}
      </p>
      <p>
        Where each badge comes from, with examples, is on our blog:{" "}
        <Link to={blogPostPath("how-performer-badges-work")}>how performer badges work</Link>.
      </p>

      <section aria-labelledby="rank-badges">
        <h2 id="rank-badges">Rank badges</h2>
        <p>
          A day's best rank is the performer's best position by viewers among all public rooms at any moment
          of that UTC day. The badge is the smallest step at or above it; past #5,000 there is none.
        </p>
        <BadgeTable caption="Rank badges" rows={data.rank} moreKind="rank" />
      </section>

      <section aria-labelledby="viewer-badges">
        <h2 id="viewer-badges">Viewer badges</h2>
        <p>
          By the most viewers in a public show. Recent earners are those whose peak crossed a viewer milestone
          (1,000 to 1,000,000) in these days.
        </p>
        <BadgeTable caption="Viewer badges" rows={data.viewers} moreKind="viewers" />
      </section>

      <section aria-labelledby="follower-tiers">
        <h2 id="follower-tiers">Follower tiers</h2>
        <p>
          By the follower count; "more than" means strictly more. Recent earners are those whose count crossed
          a follower milestone in these days.
        </p>
        <BadgeTable caption="Follower tiers" rows={data.followers} moreKind="followers" />
      </section>
    </article>
  );
}
