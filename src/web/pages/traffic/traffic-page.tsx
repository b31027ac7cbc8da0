import { Link } from "react-router";
import { TimeChart } from "../../components/charts/time-chart.tsx";
import { PageGenderTabs } from "../../components/page-gender-tabs.tsx";
import { PAGE_GENDER_LABELS } from "../../lib/page-genders.ts";
import { BusiestHoursTable } from "./busiest-hours-table.tsx";
import type { TrafficData } from "./page-data.ts";
import { trafficDayPath } from "./url.ts";

/**
 * /traffic: rooms and viewers over the last 7 days hour by hour, the busiest hours of the day, this
 * year against the year before, and the last 30 days of broadcasters, for one gender. Every chart
 * is a table on the server, so the page reads whole without scripts.
 */
export function TrafficPage({ data, platformName }: { data: TrafficData; platformName: string }) {
  const { charts } = data;
  const who = PAGE_GENDER_LABELS[data.gender];
  const of = data.gender === "all" ? "" : ` (${who})`;
  return (
    <article className="traffic">
      <header>
        <h1 className="traffic__title">Traffic on {platformName}</h1>
        <p className="traffic__lead">
          Rooms and viewers over time by gender, year-over-year trends and the busiest hours, up to{" "}
          {data.asOf} (UTC). Averages are over the collector's complete polls.
        </p>
      </header>
      <PageGenderTabs current={data.gender} tabs={data.genderTabs} />

      <section aria-labelledby="traffic-week">
        <h2 id="traffic-week">The last 7 days, hour by hour</h2>
        <TimeChart caption={`Viewers per hour${of}`} {...charts.hourlyViewers} />
        <TimeChart caption={`Rooms online per hour${of}`} {...charts.hourlyRooms} />
        <p>
          One day's hours for every gender: <Link to={trafficDayPath(data.asOf)}>traffic on {data.asOf}</Link>
          .
        </p>
      </section>

      <section aria-labelledby="traffic-busiest">
        <h2 id="traffic-busiest">Busiest hours</h2>
        <p>The hours of the UTC day ranked by their average viewers over the last 7 days{of}.</p>
        <BusiestHoursTable hours={charts.busiest} genderLabel={who} />
      </section>

      <section aria-labelledby="traffic-yoy">
        <h2 id="traffic-yoy">This year against the year before</h2>
        <p>
          Daily average viewers and rooms{of} over the last 365 days, each day beside the same weekday 52
          weeks earlier.
        </p>
        {!charts.hasYearBefore && (
          <p className="traffic__note">
            Our history does not reach back a year yet, so there is no year before to compare with: its line
            stays empty.
          </p>
        )}
        <TimeChart
          caption={`Average viewers per day${of}, this year and the year before`}
          {...charts.yoyViewers}
        />
        <TimeChart
          caption={`Average rooms per day${of}, this year and the year before`}
          {...charts.yoyRooms}
        />
      </section>

      <section aria-labelledby="traffic-broadcasters">
        <h2 id="traffic-broadcasters">Broadcasters, the last 30 days</h2>
        <TimeChart caption={`Broadcasters per day${of}`} {...charts.broadcasters} />
        <TimeChart caption={`New broadcasters per day${of}`} {...charts.newBroadcasters} />
        <TimeChart caption={`Broadcast hours per day${of}`} {...charts.broadcastHours} />
        <TimeChart caption={`Average peak viewers per broadcaster${of}`} {...charts.avgPeakViewers} />
        <p className="traffic__note">
          The average peak is the mean of each broadcaster's highest viewer count that day, not the average
          audience.
        </p>
      </section>
    </article>
  );
}
