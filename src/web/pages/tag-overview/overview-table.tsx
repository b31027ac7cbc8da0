import { viewerThresholdLabel } from "../../../rules/formulas/viewer-threshold.ts";
import { TableScroll } from "../../components/table-scroll.tsx";
import { formatCount } from "../../lib/format.ts";
import { type OverviewRow, type OverviewTabId, TAB_INFO } from "../../lib/tag-overview/tabs.ts";

const score = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A tab's figure as its column shows it (SPEC §2, §9). */
export function figureText(tab: OverviewTabId, value: number): string {
  switch (tab) {
    case "followers":
      return formatCount(value);
    case "monthly":
      return score.format(value);
    case "viewers":
      // SPEC §9: peak viewers as the viewer threshold, '<N' or 'N+'.
      return viewerThresholdLabel(value);
    case "growing":
      return value > 0 ? `+${formatCount(value)}` : value < 0 ? `−${formatCount(-value)}` : "0";
  }
}

/**
 * One tab's small ranking table: rank, name, the tab's figure and the live badge. The full
 * ranking table (SPEC §2's, with details and thumbnails) belongs to the lists' own pages.
 */
export function OverviewTable({
  tab,
  caption,
  rows,
  live,
}: {
  tab: OverviewTabId;
  caption: string;
  rows: readonly OverviewRow[];
  live: ReadonlySet<string> | null;
}) {
  return (
    <TableScroll label={caption}>
      <table className="overview-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="overview-table__rank">
              Rank
            </th>
            <th scope="col">Performer</th>
            <th scope="col" className="overview-table__number">
              {TAB_INFO[tab].figure}
            </th>
            <th scope="col" className="overview-table__live">
              <span className="sr-only">Live</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.u} data-username={row.u}>
              <td className="overview-table__rank">{row.rank}</td>
              <th scope="row" className="overview-table__name">
                {/* Plain anchors: these links leave the page, and a <Link> per row costs render time. */}
                <a href={`/${encodeURIComponent(row.u)}`}>{row.u}</a>
              </th>
              <td className="overview-table__number">{figureText(tab, row.value)}</td>
              <td className="overview-table__live">
                {live?.has(row.u) === true && <span className="live-badge">Live</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
