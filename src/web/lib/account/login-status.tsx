import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { AccountSession, GOOGLE_PENDING_KEY, type SessionState } from "./account-session.ts";
import { USER_RECORD_KEY, type UserRecord } from "./user-record.ts";

const UNKNOWN: SessionState = { status: "unknown", user: null, userInfo: null };

interface LoginStatusStore {
  /** Null on the server, which never knows who is signed in (DESIGN.md §8: pages stay anonymous). */
  session: AccountSession | null;
  subscribe: (listener: () => void) => () => void;
  getState: () => SessionState;
}

const LoginStatusContext = createContext<LoginStatusStore | undefined>(undefined);

const SERVER_STORE: LoginStatusStore = { session: null, subscribe: () => () => {}, getState: () => UNKNOWN };

/** One session a page load: in-app navigations and error boundaries remount the shell, not this. */
let browserSession: AccountSession | undefined;

function sessionOfThisPage(): AccountSession {
  browserSession ??= new AccountSession({
    fetch: (input, init) => window.fetch(input, init),
    now: () => Date.now(),
    storage: storageOrNull(() => window.localStorage),
    locks: typeof navigator !== "undefined" && "locks" in navigator ? navigator.locks : undefined,
    setTimer: (callback, ms) => window.setTimeout(callback, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
    sleep: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
  });
  return browserSession;
}

function storageOrNull(get: () => Storage): Storage | null {
  try {
    return get();
  } catch {
    // Storage blocked by the browser's settings.
    return null;
  }
}

/**
 * Whether this page may be the return from a Google sign-in, which sets the refresh cookie but no
 * record: the flag the Google link left (once), or `?signin=google` should the callback say so.
 */
function consumeGooglePending(landingSearch: string): boolean {
  const signin = new URLSearchParams(landingSearch).get("signin");
  const storage = storageOrNull(() => window.sessionStorage);
  let pending = false;
  try {
    pending = storage?.getItem(GOOGLE_PENDING_KEY) === "1";
    storage?.removeItem(GOOGLE_PENDING_KEY);
  } catch {
    // Storage refused: only the address can say.
  }
  return signin === "google" || (pending && signin !== "google-failed");
}

/** Marks the next page as the return from Google (the Google link's click). */
export function markGoogleSignInPending(): void {
  try {
    window.sessionStorage.setItem(GOOGLE_PENDING_KEY, "1");
  } catch {
    // Without storage the returning page asks nobody; the person signs in again.
  }
}

/**
 * The login status for the whole page (SPEC §4). The server and the first browser render both
 * say "unknown", so hydration matches; the browser then starts the session.
 */
export function LoginStatusProvider({ children }: { children: ReactNode }) {
  const [store] = useState<LoginStatusStore>(() => {
    if (typeof window === "undefined") return SERVER_STORE;
    const session = sessionOfThisPage();
    return { session, subscribe: session.subscribe, getState: session.getState };
  });
  // The address the page was loaded at: /settings takes its one-time parameters off it in an
  // effect that runs before this component's own (children's effects run first).
  const [landingSearch] = useState(() => (typeof window === "undefined" ? "" : window.location.search));
  useEffect(() => {
    const session = store.session;
    if (session === null) return;
    void session.start({ expectSignedIn: consumeGooglePending(landingSearch) });
    const onStorage = (event: StorageEvent) => {
      if (event.key === USER_RECORD_KEY || event.key === null) session.recordChanged();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [store, landingSearch]);
  return <LoginStatusContext.Provider value={store}>{children}</LoginStatusContext.Provider>;
}

export interface LoginStatusValue extends SessionState {
  /** The page's session (sign-in, sign-out, authedGet, authedPost); null on the server. */
  session: AccountSession | null;
}

/** The login status, the user record and user info; SPEC §8: outside its provider, an error. */
export function useLoginStatus(): LoginStatusValue {
  const store = useContext(LoginStatusContext);
  if (store === undefined) throw new Error("useLoginStatus() is used outside LoginStatusProvider");
  const state = useSyncExternalStore(store.subscribe, store.getState, () => UNKNOWN);
  return { ...state, session: store.session };
}

/** What a signed-in page's body receives: the browser's session, and the person's record. */
export interface SignedIn {
  session: AccountSession;
  user: UserRecord | null;
}

// The signed-in frame sits here rather than in a module of its own: every page already loads this
// one, and a module of its own became a script of its own that five pages had to fetch more.

/**
 * The frame of a page that needs an account (settings, claim, opt-out, claim schedule, list
 * import): its title and lead, then what the login status calls for. The server and the first
 * browser render say "checking" (the status is unknown until the browser asks), so the server's
 * HTML is the same for everyone.
 */
export function SignedInPage({
  className,
  title,
  lead,
  intro,
  checking = <CheckingSignIn />,
  signedOut,
  children,
}: {
  /** The page's own class beside `page page--narrow`. */
  className: string;
  title: string;
  lead?: ReactNode;
  /** Shown under the lead whatever the status. */
  intro?: ReactNode;
  checking?: ReactNode;
  signedOut: ReactNode;
  children: (signedIn: SignedIn) => ReactNode;
}) {
  const { status, session, user } = useLoginStatus();
  return (
    <article className={`page page--narrow ${className}`}>
      <h1>{title}</h1>
      {lead !== undefined && <p className="page__lead">{lead}</p>}
      {intro}
      {status === "unknown" && checking}
      {status === false && signedOut}
      {status === true && session !== null && children({ session, user })}
    </article>
  );
}

/**
 * What the page shows while the browser finds out whether someone is signed in; `needs` says what
 * needs scripts (one text node, so the server's HTML reads as before).
 */
export function CheckingSignIn({ needs = "This page" }: { needs?: string }) {
  return (
    <>
      <p className="account-page__checking" aria-busy="true">
        Checking whether you are signed in…
      </p>
      <noscript>
        <p>{`${needs} needs JavaScript: your browser keeps the sign-in, not our pages. Turn it on and reload.`}</p>
      </noscript>
    </>
  );
}
