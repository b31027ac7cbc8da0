import { type BusyHour, hourSpan } from "../../lib/traffic/busiest-hours.ts";

const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** The hours of the UTC day, busiest first (average viewers over the last 7 days). */
export function BusiestHoursTable({
  hours,
  genderLabel,
}: {
  hours: readonly BusyHour[];
  genderLabel: string;
}) {
  if (hours.length === 0) return <p>No hours recorded in the last 7 days.</p>;
  return (
    <table className="traffic__table">
      <caption className="sr-only">Busiest hours of the UTC day ({genderLabel}), last 7 days</caption>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Hour</th>
          <th scope="col" className="traffic__number">
            Average viewers
          </th>
          <th scope="col" className="traffic__number">
            Average rooms
          </th>
        </tr>
      </thead>
      <tbody>
        {hours.map((h, i) => (
          <tr key={h.hourOfDay}>
            <td>{i + 1}</td>
            <th scope="row">{hourSpan(h.hourOfDay)}</th>
            <td className="traffic__number">{oneDecimal.format(h.viewers)}</td>
            <td className="traffic__number">{oneDecimal.format(h.rooms)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
