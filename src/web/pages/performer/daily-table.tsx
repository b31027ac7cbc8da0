import type { DailyAggregate } from "../../../db/queries/daily-aggregates.ts";
import { formatDuration } from "../../lib/format.ts";
import { escapeHtml } from "../../lib/html-text.ts";
import { figure } from "./format.ts";

/**
 * SPEC §3's daily aggregates of the last 30 days, newest first. The table is built as an HTML
 * string, as the charts' tables are (chart-table.tsx says why).
 */
export function DailyTable({ days }: { days: readonly DailyAggregate[] }) {
  return (
    <section className="performer__section" aria-labelledby="daily-title">
      <h2 id="daily-title">The last 30 days</h2>
      {days.length === 0 ? (
        <p>Not online in the last 30 days.</p>
      ) : (
        <section
          className="performer__scroll"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          aria-label="The last 30 days"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: built from figures, every one escaped
          dangerouslySetInnerHTML={{ __html: dailyTableHtml(days) }}
        />
      )}
    </section>
  );
}

/** The daily table (see DailyTable): the markup React would make of it. */
export function dailyTableHtml(days: readonly DailyAggregate[]): string {
  let html = `<table class="performer__table daily-table"><caption class="sr-only">Streams, follower gains and time online per UTC day, newest first</caption><thead><tr><th scope="col">Day (UTC)</th><th scope="col">Streams</th><th scope="col">Follower gain</th><th scope="col">Online</th></tr></thead><tbody>`;
  for (const d of days) {
    const day = escapeHtml(d.localTime.slice(0, 10));
    const gain =
      d.followerGains === null
        ? "–"
        : d.followerGains > 0
          ? `+${figure(d.followerGains)}`
          : figure(d.followerGains);
    html += `<tr><td><time datetime="${day}">${day}</time></td><td class="num">${d.streamCount}</td>`;
    html += `<td class="num">${escapeHtml(gain)}</td><td class="num">${escapeHtml(formatDuration(d.minutesOnline))}</td></tr>`;
  }
  return `${html}</tbody></table>`;
}
