import { previousRankMove } from "./previous-rank.ts";

/**
 * The previous rank column (SPEC §2): the rank the day before with ▲ (up), ▼ (down) or = (same),
 * or "new" when the performer was not in the list then. The arrow is decoration; the words read.
 */
export function PreviousRank({ rank, previous }: { rank: number; previous: number | null }) {
  const move = previousRankMove(rank, previous);
  if (move.kind === "new") return <span className="previous-rank previous-rank--new">new</span>;
  return (
    <span className={`previous-rank previous-rank--${move.kind}`} title={move.words}>
      <span aria-hidden="true">{move.arrow} </span>
      {previous}
      <span className="sr-only"> ({move.words})</span>
    </span>
  );
}
