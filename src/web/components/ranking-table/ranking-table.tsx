import { viewerThresholdLabel } from "../../../rules/formulas/viewer-threshold.ts";
import { formatCount } from "../../lib/format.ts";
import type { TableMode } from "../../lib/ranked-lists/page-data.ts";
import type { RankingRow } from "../../lib/ranked-lists/table-rows.ts";
import { AddToList } from "../lists/add-to-list.tsx";
import { FollowerChange, LiveState, RowAvatar } from "../ranking-cells.tsx";
import { TableScroll } from "../table-scroll.tsx";
import { PreviousRank } from "./previous-rank.tsx";

export interface RankingTableProps {
  caption: string;
  mode: TableMode;
  rows: readonly RankingRow[];
  /** The score column's heading; absent, no score column. */
  scoreLabel?: string | null;
  /** Whether to show the previous rank column (absent for lists without a day before). */
  showPreviousRank?: boolean;
  /** The live thumbnail's address, or null where none may be shown (age verification, no host). */
  thumbnailOf: (username: string) => string | null;
  /**
   * Whether rows show our kept profile thumbnail beside the name: stills of the rooms, so only
   * where live thumbnails may be shown (SPEC §6, decision 0023).
   */
  showProfileThumbs?: boolean;
}

/**
 * SPEC §2's ranking table, shared by every ranked list: rank, name, score (optional), details,
 * viewers (viewers mode: the viewer threshold '<N' / 'N+') or followers with the 7-day change
 * (follower modes), previous rank (optional), and the live state with its thumbnail. The details
 * column is hidden below 1000 px. Rows link with plain anchors: they leave the page, and a <Link>
 * per row costs render time for nothing (see the daily table).
 */
export function RankingTable({
  caption,
  mode,
  rows,
  scoreLabel = null,
  showPreviousRank = true,
  thumbnailOf,
  showProfileThumbs = false,
}: RankingTableProps) {
  return (
    <TableScroll label={caption}>
      <table className={scoreLabel === null ? "ranking-table" : "ranking-table ranking-table--scored"}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="ranking-table__rank">
              Rank
            </th>
            <th scope="col">Performer</th>
            {scoreLabel !== null && (
              <th scope="col" className="ranking-table__number">
                {scoreLabel}
              </th>
            )}
            <th scope="col" className="ranking-table__details">
              Details
            </th>
            {mode === "viewers" ? (
              <th scope="col" className="ranking-table__number">
                Viewers
              </th>
            ) : (
              <th scope="col" className="ranking-table__number">
                Followers <span className="ranking-table__sub">7 days</span>
              </th>
            )}
            {showPreviousRank && (
              <th
                scope="col"
                className="ranking-table__previous"
                title="Rank in the same list the day before"
              >
                Before
              </th>
            )}
            <th scope="col" className="ranking-table__live">
              Live
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.u} id={row.u} data-username={row.u}>
              <td className="ranking-table__rank">{row.rank}</td>
              <th scope="row" className="ranking-table__name">
                {row.hasThumb && showProfileThumbs && <RowAvatar username={row.u} />}
                <a href={`/${encodeURIComponent(row.u)}`}>{row.u}</a>
                <AddToList performer={row.u} className="add-to-list--row" />
              </th>
              {scoreLabel !== null && <td className="ranking-table__number">{row.score}</td>}
              <td className="ranking-table__details">
                <dl className="ranking-table__facts">
                  {row.details.map((detail) => (
                    <div key={detail.label}>
                      <dt>{detail.label}</dt>
                      <dd>{detail.value}</dd>
                    </div>
                  ))}
                </dl>
              </td>
              {mode === "viewers" ? (
                <td className="ranking-table__number">{viewerThresholdLabel(row.viewers)}</td>
              ) : (
                <td className="ranking-table__number">
                  {formatCount(row.followers)} <FollowerChange change={row.change} />
                </td>
              )}
              {showPreviousRank && (
                <td className="ranking-table__previous">
                  <PreviousRank rank={row.rank} previous={row.pr} />
                </td>
              )}
              <td className="ranking-table__live">
                <LiveState
                  username={row.u}
                  live={row.live}
                  liveText={row.liveText}
                  thumbnail={row.live ? thumbnailOf(row.u) : null}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
