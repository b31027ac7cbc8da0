import { useEffect, useState } from "react";
import { COMPARE_MAX_PERFORMERS, COMPARE_MIN_PERFORMERS } from "../../../types/compare-performers.ts";
import { NotFound } from "../../components/not-found.tsx";
import { useLoginStatus } from "../../lib/account/login-status.tsx";
import { useAgeVerification } from "../../lib/age-verification.ts";
import { comparePath } from "../../lib/compare/compare-query.ts";
import { callErrorText, listCalls } from "../../lib/lists/list-calls.ts";
import { type ListSummary, listFeedPath } from "../../lib/lists/list-data.ts";
import { titled } from "../../lib/seo.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { ListOwnerControls } from "./list-owner-controls.tsx";
import type { ListPageBase } from "./list-page-data.ts";
import { ListPerformers } from "./list-performers.tsx";
import { ListWatchControls } from "./list-watch-controls.tsx";
import { ListProblem, SignedInOnly } from "./sign-in-prompt.tsx";
import { useListSummary } from "./use-list-summary.ts";

/**
 * /lists/{listId} (issue 18): the list's name, description (plain text), image and performers. The
 * server renders a public list for everyone; a signed-in visitor's browser then asks for their own
 * view (owner, watching), which brings the owner's controls or the Watch button and the alerts'
 * choice. A private list reaches the browser as the 404 page (`initial` null) and becomes the list
 * for its owner only.
 */
export function ListPage({ base, initial }: { base: ListPageBase; initial: ListSummary | null }) {
  const { status, session } = useLoginStatus();
  const { summary, at, checking, update } = useListSummary(base.listId, initial, base.now);
  const hydrated = useHydrated();
  const anyLive = summary?.performers.some((p) => p.live) ?? false;
  const ageVerification = useAgeVerification(hydrated && !base.crawler && anyLive);
  const [removing, setRemoving] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const privateShown = initial === null && summary !== null;
  useEffect(() => {
    // The 404's title was the server's; the owner's own list gets its name.
    if (privateShown && summary) document.title = titled(summary.list.name);
  }, [privateShown, summary]);

  if (summary === null)
    return checking && initial === null && status === true ? (
      <p className="page lists-note" aria-busy="true">
        Looking for the list…
      </p>
    ) : (
      <NotFound />
    );

  const { list } = summary;
  const showThumbnails = ageVerification === "not-required" && base.imageHost !== null && !base.crawler;
  const thumbnailOf = (name: string) =>
    showThumbnails ? `${base.imageHost}/ri/${encodeURIComponent(name)}.jpg` : null;
  const signedIn = status === true && session !== null && !checking;
  const remove = async (name: string) => {
    if (session === null) return;
    setRemoving(name);
    setProblem(null);
    try {
      const next = await listCalls(session).removePerformer(list.listId, name);
      update((s) => ({ ...s, list: next, performers: s.performers.filter((p) => p.name !== name) }));
    } catch (error) {
      setProblem(callErrorText(error));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <article className="page list-page">
      <header className="list-page__head">
        {list.image !== null && (
          <img className="list-page__image" src={list.image} alt="" width={160} height={160} />
        )}
        <div className="list-page__intro">
          <p className="list-page__kicker">
            <a href="/lists">Lists</a>
            {list.isPublic ? " · Public list" : " · Private list: only you can see it"}
          </p>
          <h1>{list.name}</h1>
          {list.description !== "" && <p className="list-page__description">{list.description}</p>}
          {list.isPublic && (
            <p className="list-page__feed">
              <a href={listFeedPath(list.listId)} type="application/atom+xml">
                Atom feed of go-lives
              </a>
            </p>
          )}
        </div>
      </header>
      {signedIn && summary.owner && (
        <ListOwnerControls
          session={session}
          list={list}
          onChanged={(next) => update((s) => ({ ...s, list: next }))}
        />
      )}
      {signedIn && (
        <ListWatchControls
          session={session}
          listId={list.listId}
          watching={summary.watching}
          onWatching={(watching) => update((s) => ({ ...s, watching }))}
        />
      )}
      {status === false && list.isPublic && (
        <div className="list-watch">
          <SignedInOnly why="Sign in to watch this list and get an e-mail when its performers go live.">
            {null}
          </SignedInOnly>
        </div>
      )}
      <ListProblem text={problem} />
      {summary.performers.length >= COMPARE_MIN_PERFORMERS && (
        <p className="list-page__compare">
          <a href={comparePath(summary.performers.slice(0, COMPARE_MAX_PERFORMERS).map((p) => p.name))}>
            {summary.performers.length > COMPARE_MAX_PERFORMERS
              ? `Compare the first ${COMPARE_MAX_PERFORMERS} performers`
              : "Compare these performers"}
          </a>
        </p>
      )}
      <ListPerformers
        performers={summary.performers}
        now={at}
        thumbnailOf={thumbnailOf}
        onRemove={signedIn && summary.owner ? (name) => void remove(name) : undefined}
        removing={removing}
      />
    </article>
  );
}
