import { useEffect, useState } from "react";
import { useLoginStatus } from "../../lib/account/login-status.tsx";
import { listPath } from "../../lib/lists/list-data.ts";
import { ownedListsStore, useOwnedLists } from "../../lib/lists/owned-lists.ts";
import { CreateListForm } from "./create-list-form.tsx";
import { ListCard } from "./list-card.tsx";
import { ListProblem, SignedInOnly } from "./sign-in-prompt.tsx";

/** My Lists (tab index 1): the signed-in person's lists (GET /v1/owned_lists) and "Create list". */
export function MyListsPanel() {
  return (
    <section aria-labelledby="my-lists-title">
      <h2 id="my-lists-title" className="lists-page__heading">
        My Lists
      </h2>
      <SignedInOnly why="Sign in to keep your own lists of performers, public or private.">
        <OwnedLists />
      </SignedInOnly>
    </section>
  );
}

function OwnedLists() {
  const { session, user } = useLoginStatus();
  const owned = useOwnedLists();
  const [created, setCreated] = useState<{ listId: string; name: string } | null>(null);
  // The tab is where lists are managed: ask again on arriving, in case another tab changed them.
  useEffect(() => {
    if (session !== null && user !== null) void ownedListsStore.load(session, user.id, true);
  }, [session, user]);
  return (
    <div className="my-lists">
      <div className="my-lists__lists">
        {owned.status === "failed" && <ListProblem text={owned.error} />}
        {owned.status !== "ready" && owned.status !== "failed" && (
          <p className="lists-note" aria-busy="true">
            Loading your lists…
          </p>
        )}
        {created !== null && (
          <p className="account-message" role="status">
            Created <a href={listPath(created.listId)}>{created.name}</a>.
          </p>
        )}
        {owned.status === "ready" && owned.lists.length === 0 && (
          <p className="lists-note">
            No lists yet. Create one here, or use "Add to list" on a performer's page, the search or a
            ranking.
          </p>
        )}
        {owned.lists.length > 0 && (
          <ul className="list-cards">
            {owned.lists.map((list) => (
              <ListCard key={list.listId} list={{ ...list, performerCount: list.performers.length }} />
            ))}
          </ul>
        )}
        <p className="lists-note">
          <a href="/lists/import">Import a list of usernames</a> from a file or your favourites.
        </p>
      </div>
      <CreateListForm onCreated={(list) => setCreated({ listId: list.listId, name: list.name })} />
    </div>
  );
}
