import { Link } from "react-router";

/**
 * /top/2021 when we hold no lists for the year (our history does not reach it): say so, say when
 * our records begin, and point at the lists we do have.
 */
export function YearEmpty({ year, firstDay }: { year: string; firstDay: string | null }) {
  return (
    <div className="ranked-list__empty">
      <p>
        We have no rankings for {year}:{" "}
        {firstDay === null ? (
          "our records have not begun yet."
        ) : (
          <>
            our records begin on <time dateTime={firstDay}>{firstDay}</time>.
          </>
        )}
      </p>
      <p>
        See the <Link to="/top/performers">top performers of the last 30 days</Link> or the{" "}
        <Link to="/top/viewers">daily Top 100 by viewers</Link>.
      </p>
    </div>
  );
}
