import { viewerThresholdLabel } from "../../../rules/formulas/viewer-threshold.ts";
import { AddToList } from "../../components/lists/add-to-list.tsx";
import { FollowerChange, LiveState, RowAvatar } from "../../components/ranking-cells.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { formatCount } from "../../lib/format.ts";
import type { DailyViewerEntry } from "./page-data.ts";

/** Tags a row shows at most; the rest are in the performer's own page. */
const ROW_TAGS = 5;

export interface RankedEntry extends DailyViewerEntry {
  rank: number;
}

/**
 * The ranking table in viewers mode (SPEC §2): rank, name, details (the day's tags), viewers as the
 * viewer threshold ('<N' or 'N+', SPEC §9), followers with the 7-day change, and the live
 * thumbnail. Each row's id is the username, so /top/viewers#{username} reaches it.
 */
export function ViewerTable({
  id,
  caption,
  rows,
  live,
  liveTextOf,
  thumbnailOf,
  tagPathOf,
  highlighted,
  showProfileThumbs,
}: {
  id: string;
  caption: string;
  rows: readonly RankedEntry[];
  live: ReadonlySet<string> | null;
  /** When a performer not live was last live ('live recently' …), or null when unknown. */
  liveTextOf: (username: string) => string | null;
  /** The live thumbnail's address, or null where none may be shown. */
  thumbnailOf: (username: string) => string | null;
  /** A tag's list for this gender and day, or null when it has none. */
  tagPathOf: (tag: string) => string | null;
  highlighted: string | null;
  /**
   * Whether rows with hasThumb show our profile thumbnail (decision 0023): stills of the rooms, so
   * only where live thumbnails may be shown (SPEC §6).
   */
  showProfileThumbs: boolean;
}) {
  return (
    <TableScroll label={caption}>
      <table className="viewer-table" id={id}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="viewer-table__rank">
              Rank
            </th>
            <th scope="col">Performer</th>
            <th scope="col" className="viewer-table__details">
              Tags
            </th>
            <th scope="col" className="viewer-table__number">
              Viewers
            </th>
            <th scope="col" className="viewer-table__number">
              Followers <span className="viewer-table__sub">7 days</span>
            </th>
            <th scope="col" className="viewer-table__live">
              Live
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const isLive = live?.has(row.u) ?? false;
            return (
              <tr
                key={row.u}
                id={row.u}
                data-username={row.u}
                className={
                  row.u === highlighted
                    ? "viewer-table__row viewer-table__row--highlight"
                    : "viewer-table__row"
                }
              >
                <td className="viewer-table__rank">{row.rank}</td>
                <th scope="row" className="viewer-table__name">
                  {row.hasThumb && showProfileThumbs && <RowAvatar username={row.u} />}
                  {/* Plain anchors in the rows: a <Link> resolves its path and sets up prefetching on
                      every render, and with a name and up to eight tags a row, 100 rows made that
                      most of the page's server render time. These links leave the page anyway. */}
                  <a href={`/${encodeURIComponent(row.u)}`}>{row.u}</a>
                  <AddToList performer={row.u} className="add-to-list--row" />
                </th>
                <td className="viewer-table__details">
                  <ul className="viewer-table__tags">
                    {row.t.slice(0, ROW_TAGS).map((tag) => {
                      const path = tagPathOf(tag);
                      return <li key={tag}>{path === null ? `#${tag}` : <a href={path}>#{tag}</a>}</li>;
                    })}
                  </ul>
                </td>
                <td className="viewer-table__number">{viewerThresholdLabel(row.max_u)}</td>
                <td className="viewer-table__number">
                  {formatCount(row.num_f)} <FollowerChange change={row.fg} />
                </td>
                <td className="viewer-table__live">
                  <LiveState
                    username={row.u}
                    live={isLive}
                    liveText={isLive ? null : liveTextOf(row.u)}
                    thumbnail={isLive ? thumbnailOf(row.u) : null}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
