import type { DailyAggregate } from "../../../stats/queries/daily-aggregates.ts";
import { formatDuration } from "../../lib/format.ts";
import { figure } from "./format.ts";

/** SPEC §3's daily aggregates of the last 30 days, newest first. */
export function DailyTable({ days }: { days: readonly DailyAggregate[] }) {
  return (
    <section className="performer__section" aria-labelledby="daily-title">
      <h2 id="daily-title">The last 30 days</h2>
      {days.length === 0 ? (
        <p>Not online in the last 30 days.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        <section className="performer__scroll" tabIndex={0} aria-label="The last 30 days">
          <table className="performer__table daily-table">
            <caption className="sr-only">
              Streams, follower gains and time online per UTC day, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col">Streams</th>
                <th scope="col">Follower gain</th>
                <th scope="col">Online</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.localTime}>
                  <td>
                    <time dateTime={d.localTime.slice(0, 10)}>{d.localTime.slice(0, 10)}</time>
                  </td>
                  <td className="num">{d.streamCount}</td>
                  <td className="num">
                    {d.followerGains === null
                      ? "–"
                      : d.followerGains > 0
                        ? `+${figure(d.followerGains)}`
                        : figure(d.followerGains)}
                  </td>
                  <td className="num">{formatDuration(d.minutesOnline)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
