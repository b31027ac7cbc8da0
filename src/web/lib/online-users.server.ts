import { namedCache } from "../../cache/named-cache.ts";
import { onlineUsersSchema } from "../../publish/online-users.ts";
import { onlineUsersPath } from "../../publish/paths.ts";
import { readPublishedJson } from "../../publish/read-published-json.ts";
import { publishedKey } from "../../publish/write-file.ts";
import { onlineListIsCurrent } from "../../rules/formulas/live-state.ts";
import { asStorage } from "../../storage/directory-storage.ts";
import type { StorageOrDir } from "../../storage/storage.ts";

export interface OnlineList {
  observedAt: number;
  usernames: ReadonlySet<string>;
}

/**
 * The online list the collector rewrites after each complete poll (/api/{abbr}_online_users.json),
 * kept parsed between requests while the file is unchanged: it holds every performer online (tens
 * of thousands of names on the real platform), and pages would otherwise parse it on each view.
 */
const cached = namedCache<string, { version: string; list: OnlineList | null }>({
  name: "online-list",
  key: "the online list's store and key (the entry holds its stamp)",
  bound: { entries: 1 },
  ttlMs: Number.POSITIVE_INFINITY,
});

async function readOnlineList(publishDir: StorageOrDir, abbr: string): Promise<OnlineList | null> {
  const urlPath = onlineUsersPath(abbr);
  const store = asStorage(publishDir);
  const file = `${store.description}\n${publishedKey(urlPath)}`;
  const stamp = await store.stamp(publishedKey(urlPath)).catch(() => null);
  if (stamp === null) return null;
  const kept = cached.get(file);
  if (kept?.version === stamp.version) return kept.list;
  const parsed = await readPublishedJson(publishDir, urlPath, onlineUsersSchema);
  const list =
    parsed === null
      ? null
      : { observedAt: Date.parse(parsed.observed_at), usernames: new Set(parsed.usernames) };
  cached.set(file, { version: stamp.version, list });
  return list;
}

/**
 * Who among `usernames` is live now (SPEC §4: in the online list). Null, nobody's state known, when
 * there is no list or it is older than ONLINE_LIST_VALID_MS (the collector has stopped or fails):
 * a page then calls nobody live or offline.
 */
export async function liveAmong(
  publishDir: StorageOrDir,
  abbr: string,
  usernames: readonly string[],
  now: number,
): Promise<string[] | null> {
  const list = await readOnlineList(publishDir, abbr);
  if (list === null || !onlineListIsCurrent(list.observedAt, now)) return null;
  return usernames.filter((u) => list.usernames.has(u));
}
