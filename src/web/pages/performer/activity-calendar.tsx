import { Fragment } from "react";
import { formatDuration } from "../../lib/format.ts";
import { type CalendarData, calendarCells } from "./calendar-data.ts";

const CELL = 12;
const GAP = 2;
const LEFT = 28;
const TOP = 14;
const DAY_LABELS: [number, string][] = [
  [0, "Mon"],
  [2, "Wed"],
  [4, "Fri"],
];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The activity calendar (SPEC §9: up to 54 weeks, Monday to Sunday): an SVG drawn on the server,
 * one square per day shaded by its level (0–4), each with its own title ("2026-01-02: 3 h 20 min
 * online, 2 streams"), so it reads without scripts; a sentence sums it up for screen readers.
 * Up to 378 squares: each has only its place, size, title and one short shade class (none for
 * level 0, the squares' default), as the heat map's cells.
 */
export function ActivityCalendar({ calendar }: { calendar: CalendarData }) {
  const days = calendarCells(calendar);
  const online = days.filter((d) => d.level > 0).length;
  const weeks = Math.ceil(days.length / 7);
  const width = LEFT + weeks * (CELL + GAP);
  const height = TOP + 7 * (CELL + GAP);
  return (
    <section className="performer__section" aria-labelledby="calendar-title">
      <h2 id="calendar-title">Activity calendar</h2>
      <p>
        {days.length === 0
          ? "No activity recorded yet."
          : `Online on ${online} of the last ${days.length} days (since ${days[0]?.day}).`}
      </p>
      {days.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        <section className="activity-calendar__scroll" tabIndex={0} aria-label="Activity calendar">
          <svg
            className="activity-calendar"
            viewBox={`0 0 ${width} ${height}`}
            width={width}
            height={height}
            role="img"
            aria-label={`Days online: ${online} of ${days.length}`}
          >
            {DAY_LABELS.map(([row, label]) => (
              <text
                key={label}
                x={0}
                y={TOP + row * (CELL + GAP) + CELL - 2}
                className="activity-calendar__label"
              >
                {label}
              </text>
            ))}
            {days.map((day, index) => {
              const week = Math.floor(index / 7);
              const row = index % 7;
              // The first Monday of a month starts its label (the day's text read, not parsed).
              const monthLabel =
                row === 0 && day.day.slice(8) <= "07" ? MONTHS[Number(day.day.slice(5, 7)) - 1] : undefined;
              return (
                <Fragment key={day.day}>
                  {monthLabel && (
                    <text x={LEFT + week * (CELL + GAP)} y={10} className="activity-calendar__label">
                      {monthLabel}
                    </text>
                  )}
                  <rect
                    x={LEFT + week * (CELL + GAP)}
                    y={TOP + row * (CELL + GAP)}
                    width={CELL}
                    height={CELL}
                    rx={2}
                    className={day.level === 0 ? undefined : `shade-${day.level}`}
                  >
                    <title>{`${day.day}: ${formatDuration(day.minutesOnline)} online, ${day.streams} ${day.streams === 1 ? "stream" : "streams"}`}</title>
                  </rect>
                </Fragment>
              );
            })}
          </svg>
        </section>
      )}
    </section>
  );
}
