import { formatCount } from "../lib/format.ts";
import type { OlderDays } from "../lib/older-days.ts";

/**
 * The sentence a page over several days shows while older days are still being published after a
 * first start (issue 28): a normal page with what there is, and word of what is coming.
 */
export function OlderDaysNote({ olderDays }: { olderDays: OlderDays | null }) {
  if (olderDays === null) return null;
  return (
    <p className="older-days-note" role="status">
      Older days are still being added: {formatCount(olderDays.published)} of {formatCount(olderDays.total)}{" "}
      days so far. The figures over several days fill in as they arrive, within minutes.
    </p>
  );
}
