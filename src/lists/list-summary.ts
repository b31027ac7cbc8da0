import type { Db } from "../db/connect.ts";
import { listPerformerRows, watchesList } from "../db/queries/list-summary.ts";
import { type ListView, listById, listView } from "../db/queries/lists.ts";
import { latestCompletePoll } from "../db/queries/online-now.ts";
import { dayOfInstant } from "../rules/calendar.ts";
import { liveStateText, onlineListIsCurrent } from "../rules/formulas/live-state.ts";

/** One performer on a list page (issue 18): who they are, whether live, and their figures. */
export interface ListPerformer {
  name: string;
  displayName: string | null;
  gender: "f" | "m" | "t" | "c" | null;
  age: number | null;
  country: string | null;
  /** SPEC §4: in the online list (the latest complete poll, while current) or seen under 5 minutes ago. */
  live: boolean;
  /** When not live: 'live N days ago', 'live recently' or 'not active last week'. */
  liveText: string | null;
  /** Viewers in the latest complete poll; null when not in it. */
  viewers: number | null;
  followers: number | null;
  followerChange7d: number | null;
  lastBroadcast: string | null;
  addedAt: string;
}

/** GET /v1/list_summary's answer, and the list page's data. */
export interface ListSummary {
  list: ListView;
  owner: boolean;
  watching: boolean;
  observedAt: string | null;
  performers: ListPerformer[];
}

/** Live first, then most viewers, then most followers, then by name: the list page's order. */
export function byLiveThenViewers(a: ListPerformer, b: ListPerformer): number {
  return (
    Number(b.live) - Number(a.live) ||
    (b.viewers ?? -1) - (a.viewers ?? -1) ||
    (b.followers ?? -1) - (a.followers ?? -1) ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
}

/**
 * A list with its performers' live state and figures, for a viewer (null when signed out): null
 * when the list does not exist or is private and not the viewer's (the caller answers 404, the
 * same for both, decision 0020).
 */
export async function listSummary(
  db: Db,
  {
    listId,
    viewerUserId,
    now,
    visibleToAll = false,
    poll: knownPoll,
  }: {
    listId: string;
    viewerUserId: string | null;
    now: number;
    /** The caller has decided who may see it (the summary cache): a private list is built too. */
    visibleToAll?: boolean;
    /** The latest complete poll, when the caller has read it already (undefined: read it here). */
    poll?: Date | null;
  },
): Promise<ListSummary | null> {
  const list = await listById(db, listId);
  const owner = list !== undefined && viewerUserId !== null && list.userId === viewerUserId;
  if (list === undefined || (!list.isPublic && !owner && !visibleToAll)) return null;
  const poll = knownPoll === undefined ? await latestCompletePoll(db) : knownPoll;
  const pollIsCurrent = poll !== null && onlineListIsCurrent(poll.getTime(), now);
  const [rows, watching] = await Promise.all([
    listPerformerRows(db, listId, poll, dayOfInstant(now)),
    viewerUserId === null ? false : watchesList(db, viewerUserId, listId),
  ]);
  const performers = rows.map((row): ListPerformer => {
    const inOnlineList = pollIsCurrent && row.inPoll;
    const liveText = liveStateText(row.lastSeen.getTime(), now, inOnlineList);
    return {
      name: row.name,
      displayName: row.displayName,
      gender: row.gender,
      age: row.age,
      country: row.country,
      live: liveText === null,
      liveText,
      viewers: inOnlineList ? row.viewers : null,
      followers: row.followers,
      followerChange7d: row.followerChange7d,
      lastBroadcast: row.lastSeen.toISOString(),
      addedAt: row.addedAt.toISOString(),
    };
  });
  performers.sort(byLiveThenViewers);
  return {
    list: listView(list),
    owner,
    watching,
    observedAt: poll?.toISOString() ?? null,
    performers,
  };
}
