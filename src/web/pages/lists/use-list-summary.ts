import { useEffect, useState } from "react";
import { useLoginStatus } from "../../lib/account/login-status.tsx";
import { listCalls } from "../../lib/lists/list-calls.ts";
import type { ListSummary } from "../../lib/lists/list-data.ts";

export interface ListSummaryState {
  /** The list as this visitor may see it: the browser's own answer once signed in, else the server's. */
  summary: ListSummary | null;
  /** The instant the shown summary's relative times are read against. */
  at: number;
  /** While a signed-in visitor's own answer is on its way. */
  checking: boolean;
  /** Applies a change the owner made (a call's answer) to the shown summary. */
  update: (change: (summary: ListSummary) => ListSummary) => void;
}

/**
 * A list's summary for this visitor. The server renders the anonymous view (or the 404 page for a
 * private list); a signed-in visitor's browser asks GET /v1/list_summary with their token, which
 * knows whether they own it or watch it, and shows an owner their private list.
 */
export function useListSummary(
  listId: string,
  initial: ListSummary | null,
  initialAt: number,
): ListSummaryState {
  const { status, session } = useLoginStatus();
  const [own, setOwn] = useState<{ listId: string; summary: ListSummary | null; at: number } | null>(null);
  useEffect(() => {
    if (status !== true || session === null) return;
    let current = true;
    listCalls(session)
      .summary(listId)
      .then(
        (summary) => current && setOwn({ listId, summary, at: Date.now() }),
        // Not theirs (a 404), or the call failed: the server's view stands.
        () => current && setOwn({ listId, summary: null, at: Date.now() }),
      );
    return () => {
      current = false;
    };
  }, [status, session, listId]);
  const mine = status === true && own !== null && own.listId === listId ? own : null;
  return {
    summary: mine?.summary ?? initial,
    at: mine?.summary ? mine.at : initialAt,
    checking: status === "unknown" || (status === true && mine === null),
    update: (change) =>
      setOwn((previous) =>
        previous?.summary ? { ...previous, summary: change(previous.summary) } : previous,
      ),
  };
}
