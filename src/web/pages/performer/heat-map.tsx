import { escapeHtml } from "../../lib/html-text.ts";
import type { HeatWeek, WeekChoice } from "./heat-map-parts.ts";
import { heatRows, WEEK_CHOICES } from "./heat-map-parts.ts";

const hourLabel = (hour: number) => String(hour).padStart(2, "0");

/**
 * The performer's week as a 24 × 7 heat map (Monday to Sunday, UTC hours): a plain table, each
 * cell shaded by its level and saying its minutes, so it reads without scripts and to screen
 * readers. The week choices are links (?weeks=) to the same page.
 *
 * The 168 cells are most of the page's markup, so each is as light as it can be: its minutes are
 * its own text (the table's CSS hides it from sight, not from screen readers), its shade one short
 * class (none for shade 0, the cells' default), and a short title ("240 min on 4 days") only where
 * there was time online: the hover is how a sighted visitor reads a cell's figures, the weekday and
 * hour being the row's and column's headers. The table is built as an HTML string rather than 200
 * React elements (as the charts' tables are, chart-table.tsx says why), the same in the browser.
 */
export function HeatMap({
  week,
  weeks,
  path,
  id,
}: {
  week: HeatWeek;
  weeks: WeekChoice;
  /** The page's path, which the week links keep. */
  path: string;
  id: string;
}) {
  const span = weeks === 1 ? "the last week" : `the last ${weeks} weeks`;
  return (
    <section className="performer__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Hours online by weekday</h2>
      <nav className="heat-map__weeks" aria-label="Weeks covered">
        {WEEK_CHOICES.map((choice) => (
          <a
            key={choice}
            href={`${path}?weeks=${choice}#${id}-title`}
            aria-current={choice === weeks ? "page" : undefined}
          >
            {choice === 1 ? "1 week" : `${choice} weeks`}
          </a>
        ))}
      </nav>
      <section
        className="heat-map__scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        aria-label="Heat map of hours online"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: built from figures, every one escaped
        dangerouslySetInnerHTML={{ __html: heatTableHtml(week, span) }}
      />
      <p className="heat-map__legend" aria-hidden="true">
        Less <span />
        <span className="shade-1" />
        <span className="shade-2" />
        <span className="shade-3" />
        <span className="shade-4" /> More
      </p>
    </section>
  );
}

/** The heat map's table (see HeatMap): the same markup React would make of it. */
export function heatTableHtml(week: HeatWeek, span: string): string {
  let html = `<table class="heat-map"><caption>${escapeHtml(`Minutes online per weekday and UTC hour over ${span}`)}</caption><thead><tr><th scope="col"><span class="sr-only">Weekday</span></th>`;
  for (let hour = 0; hour < 24; hour++) {
    html += `<th scope="col" abbr="${hourLabel(hour)}:00 UTC">${hourLabel(hour)}</th>`;
  }
  html += "</tr></thead><tbody>";
  for (const row of heatRows(week)) {
    html += `<tr><th scope="row" abbr="${escapeHtml(row.weekday)}">${escapeHtml(row.weekday.slice(0, 3))}</th>`;
    for (const cell of row.cells) {
      const shade = cell.level === 0 ? "" : ` class="shade-${cell.level}"`;
      const title =
        cell.minutesOnline === 0
          ? ""
          : ` title="${cell.minutesOnline} min on ${cell.daysOnline} ${cell.daysOnline === 1 ? "day" : "days"}"`;
      html += `<td${shade}${title}>${cell.minutesOnline} min</td>`;
    }
    html += "</tr>";
  }
  return `${html}</tbody></table>`;
}
