import { Link } from "react-router";
import { GenderTabs } from "../../components/daily-viewers/gender-tabs.tsx";
import { Flag } from "../../components/flag.tsx";
import { RankingTable } from "../../components/ranking-table/ranking-table.tsx";
import { useAgeVerification } from "../../lib/age-verification.ts";
import { formatCount } from "../../lib/format.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { LocationData } from "./page-data.ts";
import { locationHeading } from "./title.ts";

/**
 * A location's page: the country's flag, name and count, gender tabs, and its most followed and
 * most popular performers as SPEC §2's ranking table. Live thumbnails appear with scripts where age
 * verification does not apply (SPEC §6), as on the ranked lists.
 */
export function LocationPage({ data, platformName }: { data: LocationData; platformName: string }) {
  const hydrated = useHydrated();
  const ageVerification = useAgeVerification(hydrated && !data.crawler);
  const showThumbnails = ageVerification === "not-required" && data.imageHost !== null;
  const thumbnailOf = (username: string) =>
    showThumbnails ? `${data.imageHost}/ri/${encodeURIComponent(username)}.jpg` : null;
  const heading = locationHeading(data.name, data.gender);

  return (
    <article className="location">
      <header>
        <h1 className="location__title">
          {/* The flag says the country's name again: the heading's name is the heading alone. */}
          <span aria-hidden="true">
            <Flag country={data.country} />
          </span>{" "}
          {heading}
        </h1>
        <p className="location__lead">
          {formatCount(data.count)} {data.count === 1 ? "performer" : "performers"} from {data.name} seen on{" "}
          {platformName} on the latest day. The lists cover the last 30 days.
        </p>
      </header>
      <GenderTabs current={data.gender} tabs={data.genderTabs} />

      {data.listed ? (
        <>
          <section aria-labelledby="location-followers">
            <h2 id="location-followers">Most followed</h2>
            <RankingTable
              caption={`Most followed: ${heading}`}
              mode="followers"
              rows={data.followers}
              showPreviousRank
              thumbnailOf={thumbnailOf}
              showProfileThumbs={ageVerification === "not-required"}
            />
          </section>

          <section aria-labelledby="location-popular">
            <h2 id="location-popular">Most popular</h2>
            <p className="location__note">By the most viewers in a broadcast over the last 30 days.</p>
            <RankingTable
              caption={`Most popular: ${heading}`}
              mode="viewers"
              rows={data.popular}
              showPreviousRank
              thumbnailOf={thumbnailOf}
              showProfileThumbs={ageVerification === "not-required"}
            />
          </section>
        </>
      ) : (
        <p className="location__note">
          There are no ranked lists for {data.name} yet: they are made once a day.
        </p>
      )}

      <p>
        <Link to={data.mapPath}>Back to the map of performers by country</Link>
      </p>
    </article>
  );
}
