import { useEffect, useSyncExternalStore } from "react";
import type { AccountSession } from "../account/account-session.ts";
import { useLoginStatus } from "../account/login-status.tsx";
import { callErrorText, listCalls } from "./list-calls.ts";
import type { ListView } from "./list-data.ts";

export interface OwnedListsState {
  /** Whose lists these are: a sign-out or another user starts again. */
  userId: string | null;
  status: "idle" | "loading" | "ready" | "failed";
  lists: readonly ListView[];
  error: string | null;
}

const IDLE: OwnedListsState = { userId: null, status: "idle", lists: [], error: null };

/**
 * The signed-in user's own lists, shared by every "Add to list" control of a page and the My Lists
 * tab: GET /v1/owned_lists once per page and user, then kept current from each call's answer (every
 * list call answers the list as it now is), so a page of 100 rows asks once.
 */
export class OwnedListsStore {
  private state: OwnedListsState = IDLE;
  private readonly listeners = new Set<() => void>();
  private loading: Promise<void> | null = null;

  constructor(private readonly fetchOwned: (session: AccountSession) => Promise<ListView[]>) {}

  getState = (): OwnedListsState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Loads the user's lists unless they are loaded (or loading) already; `fresh` asks again. */
  load(session: AccountSession, userId: string, fresh = false): Promise<void> {
    if (this.state.userId !== userId) {
      this.loading = null;
      this.set({ ...IDLE, userId });
    } else if (!fresh && (this.state.status === "ready" || this.loading !== null)) {
      return this.loading ?? Promise.resolve();
    }
    if (this.state.status !== "ready") this.set({ ...this.state, status: "loading", error: null });
    const loading = this.fetchOwned(session).then(
      (lists) => {
        if (this.loading === loading) this.set({ userId, status: "ready", lists, error: null });
      },
      (error: unknown) => {
        if (this.loading === loading)
          this.set({ ...this.state, status: "failed", error: callErrorText(error) });
      },
    );
    this.loading = loading;
    return loading.finally(() => {
      if (this.loading === loading) this.loading = null;
    });
  }

  /** A list as a call answered it: replaces the one with its id, or comes first (a new list). */
  put(list: ListView): void {
    const others = this.state.lists.filter((l) => l.listId !== list.listId);
    const known = others.length !== this.state.lists.length;
    const lists = known
      ? this.state.lists.map((l) => (l.listId === list.listId ? list : l))
      : [list, ...others];
    this.set({ ...this.state, lists });
  }

  /** A deleted list. */
  drop(listId: string): void {
    this.set({ ...this.state, lists: this.state.lists.filter((l) => l.listId !== listId) });
  }

  /** Signed out: nothing of the last user stays. */
  clear(): void {
    this.loading = null;
    if (this.state !== IDLE) this.set(IDLE);
  }

  private set(next: OwnedListsState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

/** The page's one store. */
export const ownedListsStore = new OwnedListsStore((session) => listCalls(session).owned());

/** Whether a list holds a performer (usernames are compared without case). */
export function listHolds(list: ListView, performer: string): boolean {
  const name = performer.toLowerCase();
  return list.performers.some((p) => p.toLowerCase() === name);
}

/** The signed-in user's lists, loaded on first use; `enabled` false (a closed menu) asks nothing. */
export function useOwnedLists(enabled = true): OwnedListsState {
  const { status, user, session } = useLoginStatus();
  const state = useSyncExternalStore(ownedListsStore.subscribe, ownedListsStore.getState, () => IDLE);
  const userId = status === true ? (user?.id ?? null) : null;
  useEffect(() => {
    if (status === false) ownedListsStore.clear();
    else if (enabled && userId !== null && session !== null) void ownedListsStore.load(session, userId);
  }, [enabled, status, userId, session]);
  return state.userId === userId ? state : IDLE;
}
