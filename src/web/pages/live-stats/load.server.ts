import { liveStats } from "../../../db/queries/live-stats.ts";
import type { PageContext } from "../../../page-context.ts";
import type { LiveStats } from "../../../types/live-stats.ts";

/** /live-stats: the figures of the latest complete poll and the 24 hours before it. */
export async function loadLiveStats(context: PageContext): Promise<LiveStats> {
  return liveStats(context.db);
}
