import { Link } from "react-router";
import { GENDER_LABELS } from "../../../site/gender-labels.ts";
import { TAG_SEARCH_MAX, type TagSort, tagIndexPath, tagPagePath } from "../../../site/urls/tag-explorer.ts";
import { RANKING_GENDERS } from "../../../stats/rankings/vocabulary.ts";
import { PageGenderTabs } from "../../components/page-gender-tabs.tsx";
import { formatCount } from "../../lib/format.ts";
import { Sparkline } from "./month-chart.tsx";
import type { TagIndexData } from "./page-data.ts";
import { formatAverage, formatGrowth } from "./tag-figures.ts";

const COLUMNS: { sort: TagSort | null; label: string }[] = [
  { sort: null, label: "Rank" },
  { sort: "name", label: "Tag" },
  { sort: "performers", label: "Performers" },
  { sort: null, label: "12 months" },
  { sort: "growth", label: "This month" },
  { sort: "viewers", label: "Avg viewers" },
  { sort: "followers", label: "Avg followers" },
  { sort: "gain", label: "Avg gain" },
];

/** The tag explorer: every top tag of the day with its trend and what its rooms drew. */
export function TagsPage({ data, platformName }: { data: TagIndexData; platformName: string }) {
  const { view } = data;
  const genderWord = view.gender === "all" ? "" : `${GENDER_LABELS[view.gender]} `;
  return (
    <article className="tag-explorer">
      <header>
        <h1>Tag explorer</h1>
        <p className="page__lead">
          The {formatCount(data.topCount)} tags {platformName} performers used most on{" "}
          <time dateTime={data.day}>{data.day}</time> (UTC): how many {genderWord.toLowerCase()}performers
          used each, how that moved over 12 months, and what their rooms drew that day.{" "}
          {formatCount(data.allTagsCount)} tags were used in the 30 days from{" "}
          <time dateTime={data.allTagsFrom}>{data.allTagsFrom}</time>.
        </p>
      </header>

      <PageGenderTabs
        current={view.gender}
        tabs={RANKING_GENDERS.map((gender) => ({
          gender,
          label: GENDER_LABELS[gender],
          path: tagIndexPath({ ...view, gender }),
        }))}
      />

      {/* The <search> element is from 2023; the role on the form reaches every screen reader. */}
      {/* biome-ignore lint/a11y/useSemanticElements: see above */}
      <form className="tag-explorer__search" method="get" action="/tags" role="search">
        {/* Before the search box, so the address reads in its canonical order. */}
        {view.gender !== "all" && <input type="hidden" name="gender" value={view.gender} />}
        {view.sort !== "performers" && <input type="hidden" name="sort" value={view.sort} />}
        <label htmlFor="tag-search">Find a tag</label>
        <input
          id="tag-search"
          name="q"
          type="search"
          defaultValue={view.search}
          maxLength={TAG_SEARCH_MAX}
          placeholder="e.g. latina"
          autoComplete="off"
        />
        <button type="submit">Search</button>
        {view.search !== "" && <Link to={tagIndexPath({ ...view, search: "" })}>Clear</Link>}
      </form>

      {data.matches !== null && (
        <section aria-labelledby="tag-matches" className="tag-explorer__matches">
          <h2 id="tag-matches">Tags with “{view.search}” in the last 30 days</h2>
          {data.matches.length === 0 ? (
            <p>No tag used in the last 30 days has “{view.search}” in its name.</p>
          ) : (
            <ul className="tag-explorer__match-list">
              {data.matches.map((m) => (
                <li key={m.tag}>
                  <Link to={tagPagePath(m.tag)}>#{m.tag}</Link>{" "}
                  <span className="tag-explorer__note">
                    {m.count === null ? `not used on ${data.day}` : `${formatCount(m.count)} on ${data.day}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {data.matchesCut && (
            <p className="tag-explorer__note">
              Only the first {data.matches.length} are listed: search with more letters.
            </p>
          )}
        </section>
      )}

      <section aria-labelledby="tag-table">
        <h2 id="tag-table">
          {view.search === "" ? "Top tags" : "Top tags matching your search"}
          {genderWord === "" ? "" : `, ${genderWord.trim()} performers`}
        </h2>
        {data.rows.length === 0 ? (
          <p>No top tag matches.</p>
        ) : (
          <section
            className="tag-explorer__scroll"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
            aria-label="Top tags table"
          >
            <table className="tag-explorer__table">
              <thead>
                <tr>
                  {COLUMNS.map(({ sort, label }) => (
                    <th
                      key={label}
                      scope="col"
                      aria-sort={
                        sort !== null && sort === view.sort
                          ? sort === "name"
                            ? "ascending"
                            : "descending"
                          : undefined
                      }
                    >
                      {sort === null || sort === view.sort ? (
                        label
                      ) : (
                        <Link to={tagIndexPath({ ...view, sort })} preventScrollReset>
                          {label}
                        </Link>
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.tag}>
                    <td>{row.rank}</td>
                    <th scope="row">
                      <Link to={tagPagePath(row.tag)}>#{row.tag}</Link>
                    </th>
                    <td>{formatCount(row.performers)}</td>
                    <td>
                      <Sparkline values={row.trend} />
                    </td>
                    <td>{formatGrowth(row.growth)}</td>
                    <td>{formatAverage(row.averageViewers)}</td>
                    <td>{formatAverage(row.averageFollowers)}</td>
                    <td>{formatAverage(row.averageGain, true)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        <p className="tag-explorer__note">
          Performers: who used the tag on {data.day}. 12 months and This month: the average number of
          performers a day using it, every gender, this month against last month. Averages: per performer with
          the tag on {data.day}: peak viewers, followers, and followers gained that day.
        </p>
      </section>
    </article>
  );
}
