import { Link } from "react-router";
import { TimeChart } from "../../components/charts/time-chart.tsx";
import type { TrafficTagData } from "./page-data.ts";

/** /traffic/{startDate}/{tag}: a tag's rooms and viewers hour by hour over 7 days. */
export function TrafficTagPage({ data }: { data: TrafficTagData }) {
  return (
    <article className="traffic">
      <header>
        <h1 className="traffic__title">
          #{data.tag} traffic from {data.startDate} to {data.endDate}
        </h1>
        <p className="traffic__lead">
          Rooms carrying #{data.tag} and their viewers, hour by hour (UTC), worked out from the day's stream
          sessions once the day is over.
        </p>
      </header>
      <nav className="day-nav" aria-label="Week">
        <Link className="day-nav__link" to={data.prevPath} rel="prev" preventScrollReset>
          <span aria-hidden="true">‹ </span>Previous 7 days
        </Link>
        {data.nextPath !== null && (
          <Link className="day-nav__link" to={data.nextPath} rel="next" preventScrollReset>
            Next 7 days<span aria-hidden="true"> ›</span>
          </Link>
        )}
      </nav>
      <TimeChart caption={`Rooms with #${data.tag} per hour`} {...data.rooms} />
      <TimeChart caption={`Viewers of #${data.tag} rooms per hour`} {...data.viewers} />
      <p>
        <Link to={data.rankingsPath}>#{data.tag} rankings</Link> · <Link to="/traffic">All traffic</Link>
      </p>
    </article>
  );
}
