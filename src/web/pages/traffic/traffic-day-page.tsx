import { Link } from "react-router";
import { TimeChart } from "../../components/charts/time-chart.tsx";
import { DayNav } from "../../components/daily-viewers/day-nav.tsx";
import type { TrafficDayData } from "./page-data.ts";

/** /traffic/{date}: one UTC day's rooms and viewers hour by hour, a line per gender. */
export function TrafficDayPage({ data }: { data: TrafficDayData }) {
  return (
    <article className="traffic">
      <header>
        <h1 className="traffic__title">Traffic on {data.day}</h1>
        <p className="traffic__lead">
          Rooms and viewers hour by hour (UTC) on {data.day}, by gender: averages over the hour's complete
          polls.
        </p>
      </header>
      <DayNav day={data.day} prevPath={data.prevPath} nextPath={data.nextPath} />
      <TimeChart caption={`Viewers per hour on ${data.day}`} {...data.viewers} />
      <TimeChart caption={`Rooms online per hour on ${data.day}`} {...data.rooms} />
      <section aria-labelledby="traffic-tag">
        <h2 id="traffic-tag">A tag's traffic</h2>
        <form method="get" className="traffic__form">
          <label htmlFor="traffic-tag-input">
            Rooms and viewers of one tag over the 7 days to {data.day}
          </label>
          <input
            id="traffic-tag-input"
            name="tag"
            type="text"
            required
            maxLength={64}
            placeholder="pick a tag"
          />
          <button type="submit">Show</button>
        </form>
      </section>
      <p>
        <Link to="/traffic">Traffic over the last 7 days and the year</Link>
      </p>
    </article>
  );
}
