import type { Db } from "../db/connect.ts";
import { listVersion, watchesList } from "../db/queries/list-summary.ts";
import { latestCompletePoll } from "../stats/queries/online-now.ts";
import { listSummary } from "./list-summary.ts";

/** How long a list's figures are reused while neither the list nor the latest poll changed. */
export const LIST_SUMMARY_REUSE_MS = 20_000;
/** Lists whose figures are kept at once (the most recently asked). */
const KEPT = 200;

interface Entry {
  updatedAt: number;
  pollAt: number | null;
  builtAt: number;
  /** The answer's shared part: `"list":…,"observedAt":…,"performers":[…]`. */
  shared: string;
}

/**
 * GET /v1/list_summary's answer as JSON text, its performers' part built once and reused by
 * everyone who asks while the list is unchanged (its updated_at), the latest complete poll is the
 * same and it is under LIST_SUMMARY_REUSE_MS old (live texts age with the clock; an opt-out shows
 * within that time). A 1,000-performer list is a quarter of a megabyte of JSON: building it for each
 * visitor cost ten times the two one-row reads that now decide whether it may be reused. Who may
 * see the list is decided on every call, never cached. Null: not found, or not the viewer's to see.
 */
export function createListSummaryCache(db: Db) {
  const entries = new Map<string, Entry>();
  return async function summaryJson(
    listId: string,
    viewerUserId: string | null,
    now: number,
  ): Promise<string | null> {
    const [version, poll] = await Promise.all([listVersion(db, listId), latestCompletePoll(db)]);
    const owner = version !== undefined && viewerUserId !== null && version.userId === viewerUserId;
    if (version === undefined || (!version.isPublic && !owner)) return null;
    const pollAt = poll?.getTime() ?? null;
    let entry = entries.get(listId);
    if (
      entry === undefined ||
      entry.updatedAt !== version.updatedAt.getTime() ||
      entry.pollAt !== pollAt ||
      now - entry.builtAt >= LIST_SUMMARY_REUSE_MS
    ) {
      const summary = await listSummary(db, { listId, viewerUserId: null, now, visibleToAll: true, poll });
      if (summary === null) return null;
      const { list, observedAt, performers } = summary;
      entry = {
        updatedAt: version.updatedAt.getTime(),
        pollAt,
        builtAt: now,
        shared: `"list":${JSON.stringify(list)},"observedAt":${JSON.stringify(observedAt)},"performers":${JSON.stringify(performers)}`,
      };
    }
    // Most recently asked last: the first key is the one to drop.
    entries.delete(listId);
    entries.set(listId, entry);
    if (entries.size > KEPT) entries.delete(entries.keys().next().value as string);
    const watching = viewerUserId === null ? false : await watchesList(db, viewerUserId, listId);
    return `{"owner":${owner},"watching":${watching},${entry.shared}}`;
  };
}

export type ListSummaryJson = ReturnType<typeof createListSummaryCache>;
