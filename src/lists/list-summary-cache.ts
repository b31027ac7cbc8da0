import { namedCache } from "../cache/named-cache.ts";
import type { Db } from "../db/connect.ts";
import { listVersion, watchesList } from "../db/queries/list-summary.ts";
import { latestCompletePoll } from "../db/queries/online-now.ts";
import { listSummary } from "./list-summary.ts";

/** How long a list's figures are reused while neither the list nor the latest poll changed. */
export const LIST_SUMMARY_REUSE_MS = 20_000;
/** The figures' cache, one an app: a list's figures 20 s, the 200 lists most recently asked. */
const SUMMARIES = {
  name: "list-summaries",
  key: "the list's id (the entry holds the list's version and poll it was built for)",
  bound: { entries: 200 },
  ttlMs: LIST_SUMMARY_REUSE_MS,
} as const;

interface Entry {
  updatedAt: number;
  pollAt: number | null;
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
  const entries = namedCache<string, Entry>(SUMMARIES);
  return async function summaryJson(
    listId: string,
    viewerUserId: string | null,
    now: number,
  ): Promise<string | null> {
    const [version, poll] = await Promise.all([listVersion(db, listId), latestCompletePoll(db)]);
    const owner = version !== undefined && viewerUserId !== null && version.userId === viewerUserId;
    if (version === undefined || (!version.isPublic && !owner)) return null;
    const pollAt = poll?.getTime() ?? null;
    let entry = entries.get(listId, now);
    if (entry === undefined || entry.updatedAt !== version.updatedAt.getTime() || entry.pollAt !== pollAt) {
      const summary = await listSummary(db, { listId, viewerUserId: null, now, visibleToAll: true, poll });
      if (summary === null) return null;
      const { list, observedAt, performers } = summary;
      entry = {
        updatedAt: version.updatedAt.getTime(),
        pollAt,
        shared: `"list":${JSON.stringify(list)},"observedAt":${JSON.stringify(observedAt)},"performers":${JSON.stringify(performers)}`,
      };
      entries.set(listId, entry, { at: now });
    }
    const watching = viewerUserId === null ? false : await watchesList(db, viewerUserId, listId);
    return `{"owner":${owner},"watching":${watching},${entry.shared}}`;
  };
}

export type ListSummaryJson = ReturnType<typeof createListSummaryCache>;
