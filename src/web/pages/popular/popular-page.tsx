import { DayNav } from "../../components/daily-viewers/day-nav.tsx";
import { RankingTable } from "../../components/ranking-table/ranking-table.tsx";
import { useAgeVerification } from "../../lib/age-verification.ts";
import { formatCount } from "../../lib/format.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { PopularData } from "./page-data.ts";

/** "#asian on 2026-01-10" or "#asian for the last day": the heading's period, as the daily page words it. */
export function popularHeading(
  tag: string,
  day: string,
  isLeadingEdge: boolean,
  platformName: string,
): string {
  return `Popular #${tag} models on ${platformName} ${isLeadingEdge ? "for the last day" : `on ${day}`}`;
}

/**
 * The popular-by-tag page: a page about one tag on one day, unlike /top/viewers/{tag}, which is
 * the ranking itself. The facts first (its rank among tags, the tags it travels with), then the
 * day's Top 100 and the top of its 30-day list, with links to the tag's other pages.
 */
export function PopularPage({ data, platformName }: { data: PopularData; platformName: string }) {
  const hydrated = useHydrated();
  // SPEC §6: crawlers skip the geo lookup; thumbnails wait for its answer.
  const ageVerification = useAgeVerification(hydrated && !data.crawler);
  const showThumbnails = ageVerification === "not-required" && data.imageHost !== null;
  const thumbnailOf = (username: string) =>
    showThumbnails ? `${data.imageHost}/ri/${encodeURIComponent(username)}.jpg` : null;
  const heading = popularHeading(data.tag, data.day, data.isLeadingEdge, platformName);
  const top = data.rows[0];

  return (
    <article className="popular">
      <header>
        <h1 className="popular__title">{heading}</h1>
        <p className="popular__lead">
          The {data.rows.length} performers tagged #{data.tag} with the most viewers on{" "}
          <time dateTime={data.day}>{data.day}</time> (UTC), every gender
          {top !== undefined && (
            <>
              , led by <a href={`/${encodeURIComponent(top.u)}`}>{top.u}</a>
            </>
          )}
          .
        </p>
      </header>
      <div className="popular__controls">
        <DayNav day={data.day} prevPath={data.prevPath} nextPath={data.nextPath} />
      </div>

      <section aria-labelledby="popular-facts" className="popular__facts">
        <h2 id="popular-facts" className="popular__heading">
          #{data.tag} among tags
        </h2>
        <ul>
          {data.dayRank !== null && (
            <li>
              #{data.tag} was the #{data.dayRank.rank} most used tag on {data.day}, by{" "}
              {formatCount(data.dayRank.count)} models.
            </li>
          )}
          {data.explorerRank !== null && (
            <li>
              #{data.tag} is the top #{data.explorerRank.rank} most popular tag on {platformName}, used by{" "}
              {formatCount(data.explorerRank.count)} models most recently ({data.explorerRank.day}).
            </li>
          )}
          {data.dayRank === null && data.explorerRank === null && (
            <li>#{data.tag} is not among the most used tags just now.</li>
          )}
        </ul>
        {data.related.length > 0 && (
          <>
            <h3 className="popular__subheading">Tags that go with #{data.tag}</h3>
            <p className="popular__note">
              Other tags of these performers, by how many of the {data.rows.length} carry them too.
            </p>
            <ul className="popular__related">
              {data.related.map((r) => (
                <li key={r.tag}>
                  {r.path !== null ? <a href={r.path}>#{r.tag}</a> : <span>#{r.tag}</span>}{" "}
                  <span className="popular__count">{formatCount(r.count)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="popular-day">
        <h2 id="popular-day" className="popular__heading">
          Most viewers on {data.day}
        </h2>
        <RankingTable
          caption={`#${data.tag} models with the most viewers on ${data.day}`}
          mode="viewers"
          rows={data.rows}
          showPreviousRank={false}
          thumbnailOf={thumbnailOf}
          showProfileThumbs={ageVerification === "not-required"}
        />
      </section>

      <section aria-labelledby="popular-monthly">
        <h2 id="popular-monthly" className="popular__heading">
          Top monthly #{data.tag} models
        </h2>
        {data.monthly === null || data.monthly.length === 0 ? (
          <p className="popular__note">The tag has no 30-day list yet.</p>
        ) : (
          <>
            <p className="popular__note">
              The first {data.monthly.length} of the last 30 days, every gender.
            </p>
            <RankingTable
              caption={`Top monthly #${data.tag} models`}
              mode="viewers"
              rows={data.monthly}
              scoreLabel="Score"
              showPreviousRank={false}
              thumbnailOf={thumbnailOf}
              showProfileThumbs={ageVerification === "not-required"}
            />
          </>
        )}
      </section>

      <nav aria-label={`More about #${data.tag}`} className="popular__links">
        <ul className="link-row">
          {data.overviewPath !== null && (
            <li>
              <a href={data.overviewPath}>Top #{data.tag} overview</a>
            </li>
          )}
          {data.viewersPath !== null && (
            <li>
              <a href={data.viewersPath}>#{data.tag} Top 100 by gender</a>
            </li>
          )}
          {data.performersPath !== null && (
            <li>
              <a href={data.performersPath}>Top monthly #{data.tag}</a>
            </li>
          )}
          <li>
            <a href={data.trafficPath}>#{data.tag} traffic</a>
          </li>
          <li>
            <a href={`/tag/${encodeURIComponent(data.tag)}`}>#{data.tag} cams live now</a>
          </li>
        </ul>
      </nav>
    </article>
  );
}
