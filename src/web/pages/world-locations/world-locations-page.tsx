import { Link } from "react-router";
import { WorldMap } from "../../components/country-map/world-map.tsx";
import { Flag } from "../../components/flag.tsx";
import { PageGenderTabs } from "../../components/page-gender-tabs.tsx";
import { formatCount } from "../../lib/format.ts";
import { PAGE_GENDER_LABELS, PAGE_GENDERS } from "../../lib/page-genders.ts";
import type { LocationListRow, WorldLocationsData } from "./page-data.ts";
import { worldLocationsPath } from "./url.ts";

function TopList({ title, rows, figure }: { title: string; rows: LocationListRow[] | null; figure: string }) {
  return (
    <section className="world-locations__list" aria-label={title}>
      <h3>{title}</h3>
      {rows === null || rows.length === 0 ? (
        <p>Not published for this country just now.</p>
      ) : (
        <ol>
          {rows.map((row) => (
            <li key={row.username} value={row.rank}>
              <a href={`/${encodeURIComponent(row.username)}`}>{row.username}</a>{" "}
              <span className="world-locations__note">
                {formatCount(row.value)} {figure}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The world location explorer: the map, a country's top performers beside it, and every country to pick. */
export function WorldLocationsPage({
  data,
  platformName,
}: {
  data: WorldLocationsData;
  platformName: string;
}) {
  const { map, selected } = data;
  const gender = map.gender;
  const noun = gender === "all" ? "performers" : `${PAGE_GENDER_LABELS[gender].toLowerCase()} performers`;
  return (
    <article className="world-locations">
      <h1>World location explorer</h1>
      <p className="page__lead">
        Where {platformName}'s {noun} broadcast from, on the latest day: pick a country on the map or in the
        list for its most popular and most followed of the last 30 days.
      </p>
      <PageGenderTabs
        current={gender}
        tabs={PAGE_GENDERS.map((g) => ({
          gender: g,
          label: PAGE_GENDER_LABELS[g],
          path: worldLocationsPath(g, selected?.location ?? null),
        }))}
      />
      <div className="world-locations__layout">
        <div className="world-locations__map">
          <WorldMap
            data={map}
            label={`World map of ${noun} by country`}
            hrefOf={(key) => data.hrefs[key]}
            selected={selected?.shapeKey ?? null}
          />
        </div>
        <section className="world-locations__selected" aria-labelledby="world-selected" aria-live="polite">
          {selected === null ? (
            <p id="world-selected">No country has {noun} yet.</p>
          ) : (
            <>
              <h2 id="world-selected">
                <Flag country={selected.country} /> {selected.name}
              </h2>
              <p>
                #{selected.rank} of {formatCount(map.rows.length)} countries, with{" "}
                {formatCount(selected.count)} {noun} on the latest day.
              </p>
              <div className="world-locations__lists">
                <TopList title="Most popular (30 days)" rows={selected.popular} figure="viewers at most" />
                <TopList title="Most followed" rows={selected.followers} figure="followers" />
              </div>
              <p>
                <Link to={selected.locationPath}>Every ranking of {selected.name}</Link>
              </p>
            </>
          )}
        </section>
      </div>
      <section aria-labelledby="world-countries">
        <h2 id="world-countries">Every country</h2>
        <ol className="world-locations__countries">
          {map.rows.map((row) => (
            <li key={row.location} value={row.rank}>
              <Link
                to={worldLocationsPath(gender, row.location)}
                preventScrollReset
                aria-current={row.location === selected?.location ? "true" : undefined}
              >
                <Flag country={row.country} /> {row.name}
              </Link>{" "}
              <span className="world-locations__note">{formatCount(row.count)}</span>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
