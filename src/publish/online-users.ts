import { z } from "zod";
import type { PollSummary } from "../collect/poll.ts";
import type { Logger } from "../log.ts";
import { asStorage } from "../storage/directory-storage.ts";
import type { StorageOrDir } from "../storage/storage.ts";
import { onlineUsersDeltaPath, onlineUsersPath } from "./paths.ts";
import { type PublishedFile, publishedKey, publishJson } from "./write-file.ts";

/** /api/{abbr}_online_users.json: who is in public show right now (the SPEC's live-users lookup). */
export const onlineUsersSchema = z.strictObject({
  observed_at: z.iso.datetime(),
  count: z.number().int().nonnegative(),
  usernames: z.array(z.string()),
});
export type OnlineUsers = z.infer<typeof onlineUsersSchema>;

/** /api/{abbr}_online_users_delta.json: the change from the list written before to the list written now. */
export const onlineUsersDeltaSchema = z.strictObject({
  observed_at: z.iso.datetime(),
  /** null when there was no earlier list (first run, or an unreadable file): everyone is added. */
  previous_observed_at: z.iso.datetime().nullable(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
});
export type OnlineUsersDelta = z.infer<typeof onlineUsersDeltaSchema>;

/** Code-unit order: the same on every machine, whatever its locale. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The list written last, or null when there is none that reads as one. */
async function previousList(root: StorageOrDir, abbr: string): Promise<OnlineUsers | null> {
  const found = await asStorage(root)
    .get(publishedKey(onlineUsersPath(abbr)))
    .catch(() => null);
  if (found === null) return null;
  const text = found.bytes.toString("utf8");
  try {
    const parsed = onlineUsersSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Writes the online-users list of a poll and its delta against the list written before (read back
 * from the file, so a restart keeps the chain). A poll no later than the written list changes
 * nothing: files only move forward. The list is written before the delta, so a delta never names
 * a list that is not there yet.
 */
export async function publishOnlineUsers(
  root: StorageOrDir,
  abbr: string,
  observedAt: Date,
  usernames: readonly string[],
): Promise<PublishedFile[]> {
  const previous = await previousList(root, abbr);
  const observed = observedAt.toISOString();
  if (previous && Date.parse(previous.observed_at) >= observedAt.getTime()) return [];
  const current = [...new Set(usernames)].sort(byCodeUnit);
  const before = new Set(previous?.usernames ?? []);
  const now = new Set(current);
  const list: OnlineUsers = { observed_at: observed, count: current.length, usernames: current };
  const delta: OnlineUsersDelta = {
    observed_at: observed,
    previous_observed_at: previous?.observed_at ?? null,
    added: current.filter((u) => !before.has(u)),
    removed: [...before].filter((u) => !now.has(u)).sort(byCodeUnit),
  };
  return [
    await publishJson(root, onlineUsersPath(abbr), list),
    await publishJson(root, onlineUsersDeltaPath(abbr), delta),
  ];
}

/**
 * The collector's afterStore hook for live polling: a complete poll that was stored rewrites the
 * files; a partial or failed one (or a replay) leaves them as they are, since a list missing the
 * rooms of a failed page would tell visitors those performers went offline. A failure to write is
 * logged and swallowed: the poll is already stored and must not fail for a file.
 */
export function onlineUsersHook(
  root: StorageOrDir,
  abbr: string,
  log?: Logger,
): (summary: PollSummary, publicUsernames: string[]) => Promise<void> {
  return async (summary, publicUsernames) => {
    if (summary.status !== "complete" || !summary.written) return;
    try {
      await publishOnlineUsers(root, abbr, summary.observedAt, publicUsernames);
    } catch (error) {
      log?.error({ err: error }, `online users of ${summary.observedAt.toISOString()} not written`);
    }
  };
}
