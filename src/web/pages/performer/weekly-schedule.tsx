import { useEffect, useState } from "react";
import {
  browserZone,
  isKnownZone,
  nextStream,
  type ShownSlot,
  WEEKDAY_NAMES,
  WEEKDAYS,
  wallTimeAt,
  weekInZone,
} from "../../lib/profile/weekly-time.ts";
import { nextStreamForVisitor, nextStreamInPerformerZone } from "./next-stream-text.ts";
import type { OwnProfileView } from "./own-profile-view.ts";

/** The visitor's clock: how often the next stream is worked out again while the page stays open. */
const TICK_MS = 60_000;

/**
 * The performer's weekly schedule and next stream. The server renders it in the performer's zone
 * (naming it), at its own now; the browser's first render is the same (no hydration mismatch),
 * then it shows the visitor's zone, at the visitor's now, with the performer's zone named beside.
 */
export function WeeklySchedule({
  schedule,
  renderedAt,
  performer,
  headingId,
  headingLevel = 2,
}: {
  schedule: NonNullable<OwnProfileView["schedule"]>;
  renderedAt: number;
  performer: string;
  headingId: string;
  headingLevel?: 2 | 3;
}) {
  const [clock, setClock] = useState<{ zone: string | null; now: number }>({ zone: null, now: renderedAt });
  useEffect(() => {
    const zone = browserZone();
    // A zone this browser's Intl does not know: the server's rendering (the performer's zone) stays.
    if (!isKnownZone(schedule.timezone) || !isKnownZone(zone)) return;
    const tick = () => setClock({ zone, now: Date.now() });
    tick();
    const timer = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(timer);
  }, [schedule.timezone]);

  const performerZone = schedule.timezone;
  const visitorZone = clock.zone;
  const shownZone = visitorZone ?? performerZone;
  const days = weekInZone(schedule.slots, performerZone, shownZone, clock.now);
  // The server's next stream until the browser takes over: the same instants, the same words.
  const next = visitorZone === null ? schedule.next : nextStream(schedule.slots, performerZone, clock.now);
  const nextText =
    next === null
      ? null
      : visitorZone === null
        ? nextStreamInPerformerZone(next, performerZone, clock.now)
        : nextStreamForVisitor(next, performerZone, visitorZone, clock.now);
  const today = wallTimeAt(clock.now, shownZone).weekday;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="weekly-schedule" aria-labelledby={headingId}>
      <Heading id={headingId}>Weekly schedule</Heading>
      {nextText !== null && <p className="weekly-schedule__next">{nextText}</p>}
      <p className="weekly-schedule__zone">
        {visitorZone === null
          ? `Times in ${performerZone}, ${performer}'s time zone.`
          : visitorZone === performerZone
            ? `Times in your time zone, ${visitorZone}: ${performer}'s too.`
            : `Times in your time zone, ${visitorZone}. ${performer} streams in ${performerZone}.`}
      </p>
      <dl className="weekly-schedule__days">
        {WEEKDAYS.map((day) => {
          const slots = days.filter((slot) => slot.day === day);
          return (
            <div key={day} className={day === today ? "weekly-schedule__today" : undefined}>
              <dt>
                {WEEKDAY_NAMES[day]}
                {day === today && <span className="weekly-schedule__today-word"> (today)</span>}
              </dt>
              <dd>
                {slots.length === 0 ? (
                  <span className="weekly-schedule__none">No stream</span>
                ) : (
                  slots.map(slotText).join(", ")
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** "22:00 to 24:00 (on into Wednesday)". */
function slotText(slot: ShownSlot): string {
  const into = slot.intoNextDay
    ? ` (on into ${WEEKDAY_NAMES[((slot.day % 7) + 1) as ShownSlot["day"]]})`
    : "";
  return `${slot.start} to ${slot.end}${into}`;
}
