import { WorldMap } from "../../components/country-map/world-map.tsx";
import { Flag } from "../../components/flag.tsx";
import { PageGenderTabs } from "../../components/page-gender-tabs.tsx";
import type { CountryMapData } from "../../lib/country-map/page-data.ts";
import { formatCount } from "../../lib/format.ts";
import { PAGE_GENDER_LABELS } from "../../lib/page-genders.ts";

/** The heading of the map for a gender: "Performers by country", "Female performers by country". */
export function mapHeading(gender: CountryMapData["gender"]): string {
  return gender === "all" ? "Performers by country" : `${PAGE_GENDER_LABELS[gender]} performers by country`;
}

/** /map[/{gender}]: the shaded world map, its legend, and every country with its count. */
export function CountryMapPage({ data, platformName }: { data: CountryMapData; platformName: string }) {
  const heading = mapHeading(data.gender);
  return (
    <article className="country-map">
      <header>
        <h1 className="country-map__title">{heading}</h1>
        <p className="country-map__lead">
          Where the performers seen on {platformName} on the latest day broadcast from:{" "}
          {formatCount(data.total)} performers in {formatCount(data.rows.length)} countries. Point at a
          country for its count.
        </p>
      </header>
      <PageGenderTabs current={data.gender} tabs={data.genderTabs} />
      <WorldMap data={data} label={`World map of ${heading.toLowerCase()}`} />
      <h2>Countries</h2>
      {data.rows.length === 0 ? (
        <p>Nobody yet.</p>
      ) : (
        <div className="country-map__scroll">
          <table className="country-map__table">
            <caption className="sr-only">{heading}</caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Country</th>
                <th scope="col" className="country-map__number">
                  Performers
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.country}>
                  <td>{row.rank}</td>
                  <th scope="row">
                    <Flag country={row.country} /> <a href={row.path}>{row.name}</a>
                  </th>
                  <td className="country-map__number">{formatCount(row.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
