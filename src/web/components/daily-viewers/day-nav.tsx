import { Link } from "react-router";

/** Prev and Next day (SPEC §2); Next is left out when no later day has been published. */
export function DayNav({
  day,
  prevPath,
  nextPath,
}: {
  day: string;
  prevPath: string | null;
  nextPath: string | null;
}) {
  return (
    <nav className="day-nav" aria-label="Day">
      {prevPath !== null ? (
        <Link className="day-nav__link" to={prevPath} rel="prev" preventScrollReset>
          <span aria-hidden="true">‹ </span>Prev day
        </Link>
      ) : (
        <span className="day-nav__link day-nav__link--none">No earlier day</span>
      )}
      <time className="day-nav__day" dateTime={day}>
        {day}
      </time>
      {nextPath !== null && (
        <Link className="day-nav__link" to={nextPath} rel="next" preventScrollReset>
          Next day<span aria-hidden="true"> ›</span>
        </Link>
      )}
    </nav>
  );
}
