import { useEffect, useState } from "react";
import type { UserSummary } from "../../lib/account/account-session.ts";
import { useLoginStatus } from "../../lib/account/login-status.tsx";
import { callErrorText } from "../../lib/lists/list-calls.ts";
import type { ListView } from "../../lib/lists/list-data.ts";
import { ListCard } from "./list-card.tsx";
import { ListProblem, SignedInOnly } from "./sign-in-prompt.tsx";

/**
 * Watched (tab index 2): the lists the person watches (SPEC §3 userInfo.watchedLists, their views in
 * allLists), asked afresh from GET /v1/user_info on arriving, since watching happens on other pages.
 */
export function WatchedListsPanel() {
  return (
    <section aria-labelledby="watched-lists-title">
      <h2 id="watched-lists-title" className="lists-page__heading">
        Watched lists
      </h2>
      <SignedInOnly why="Sign in to watch lists and get an e-mail when their performers go live.">
        <WatchedLists />
      </SignedInOnly>
    </section>
  );
}

/** The watched lists among a user summary's lists, in the order of watchedLists. */
export function watchedOf(summary: UserSummary): { list: ListView; mine: boolean }[] {
  const all = summary.allLists as ListView[];
  const owned = new Set((summary.ownedLists as ListView[]).map((list) => list.listId));
  const ids = summary.userInfo.watchedLists as string[];
  return ids
    .map((id) => all.find((list) => list.listId === id))
    .filter((list): list is ListView => list !== undefined)
    .map((list) => ({ list, mine: owned.has(list.listId) }));
}

function WatchedLists() {
  const { session } = useLoginStatus();
  const [watched, setWatched] = useState<ReturnType<typeof watchedOf> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (session === null) return;
    let current = true;
    session
      .authedGet<UserSummary>("/v1/user_info")
      .then((summary) => current && setWatched(watchedOf(summary)))
      .catch((error: unknown) => current && setProblem(callErrorText(error)));
    return () => {
      current = false;
    };
  }, [session]);
  if (problem !== null) return <ListProblem text={problem} />;
  if (watched === null)
    return (
      <p className="lists-note" aria-busy="true">
        Loading the lists you watch…
      </p>
    );
  if (watched.length === 0)
    return (
      <p className="lists-note">
        You watch no lists yet. Open a public list and choose Watch; your own lists are watched once you add
        to them.
      </p>
    );
  return (
    <ul className="list-cards">
      {watched.map(({ list, mine }) => (
        <ListCard key={list.listId} list={{ ...list, performerCount: list.performers.length, mine }} />
      ))}
    </ul>
  );
}
