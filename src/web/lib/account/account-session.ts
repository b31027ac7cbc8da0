import { AccountCallError, type ApiProblem, problemOf } from "./api-answer.ts";
import { needsRefresh, REFRESH_WINDOW_S, refreshDelayMs } from "./token-timing.ts";
import {
  parseUserRecord,
  serializeUserRecord,
  subjectOfToken,
  USER_RECORD_KEY,
  type UserRecord,
} from "./user-record.ts";

/** SPEC §4: unknown until the page knows, then true (signed in) or false. */
export type LoginStatus = "unknown" | true | false;

/** SPEC §3 User summary, as GET /v1/user_info answers it. */
export interface UserSummary {
  userInfo: {
    /** The performer the account was most recently verified for (decision 0021), or null. */
    accountVerifiedForPerformer: string | null;
    verifiedPerformers?: string[];
    watchedLists: unknown[];
    lastActivityTime: string | null;
  };
  ownedLists: unknown[];
  allLists: unknown[];
}

export interface SessionState {
  status: LoginStatus;
  user: UserRecord | null;
  userInfo: UserSummary | null;
}

/** What the session needs of the browser, injected so that its rules are tested without one. */
export interface SessionDeps {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  now: () => number;
  /** localStorage, or null where it is unavailable (then nothing survives a reload). */
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  /** navigator.locks, when the browser has it: refreshes in several tabs then take turns. */
  locks?: { request<T>(name: string, callback: () => Promise<T>): Promise<T> } | undefined;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  sleep: (ms: number) => Promise<void>;
}

export type SignInOutcome = { ok: true } | { ok: false; problem: ApiProblem };

/** SPEC §9: the logout page goes home this long after signing out. */
export const SIGN_OUT_REDIRECT_MS = 2000;
/** A retry after a 409 refresh race (another tab's refresh just replaced the cookie). */
export const RACE_RETRY_MS = 200;
/** The sessionStorage flag set as the Google link is followed: the page comes back signed in. */
export const GOOGLE_PENDING_KEY = "camstats.google-pending";

const JSON_HEADERS = { "content-type": "application/json" };

/**
 * The login status and the identity token of one page (SPEC §4, decision 0018). On start, a
 * stored user record means "maybe signed in": one refresh gets a token (status true) or fails
 * (record cleared, status false); no record means status false without a call. The token stays
 * in memory and is refreshed when it comes within 600 s of expiring, by a timer and before each
 * authenticated call; a failed refresh signs out locally.
 */
export class AccountSession {
  private state: SessionState = { status: "unknown", user: null, userInfo: null };
  private readonly listeners = new Set<() => void>();
  private token: { value: string; expiresAt: number } | null = null;
  private refreshing: Promise<boolean> | null = null;
  private timer: unknown = null;
  private started = false;
  /** Counts sign-outs: an answer that arrives after one (a refresh under way) is dropped. */
  private generation = 0;

  constructor(private readonly deps: SessionDeps) {}

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Once per page: finds out whether this browser is signed in. */
  async start(options: { expectSignedIn?: boolean } = {}): Promise<void> {
    if (this.started) return;
    this.started = true;
    const record = this.readRecord();
    if (record === null && !options.expectSignedIn) {
      this.set({ status: false, user: null, userInfo: null });
      return;
    }
    const generation = this.generation;
    if ((await this.refresh()) && generation === this.generation) await this.afterSignIn(record);
    // Offline, say: not known to be signed in; the record stays for the next page to try.
    else if (this.state.status === "unknown") this.set({ status: false, user: null, userInfo: null });
  }

  /** POST /v1/auth/sign-in: on success the record is stored, user info loaded, status true. */
  async signIn(email: string, password: string): Promise<SignInOutcome> {
    const response = await this.deps.fetch("/v1/auth/sign-in", {
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify({ email, password }),
      credentials: "same-origin",
    });
    if (!response.ok) return { ok: false, problem: await problemOf(response) };
    const body = (await response.json()) as { token: string; expiresAt: number; user: UserRecord };
    this.started = true;
    this.generation++;
    this.keepToken(body.token, body.expiresAt);
    await this.afterSignIn({ id: body.user.id, email: body.user.email });
    return { ok: true };
  }

  /** POST /v1/auth/sign-out (ends the refresh family, clears the cookie), then locally. */
  async signOut(): Promise<void> {
    try {
      await this.deps.fetch("/v1/auth/sign-out", { method: "POST", credentials: "same-origin" });
    } finally {
      this.signOutLocally();
    }
  }

  /** Forgets the token, the record and the user's data in this page (SPEC §4, §8). */
  signOutLocally(): void {
    this.generation++;
    this.token = null;
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
    this.started = true;
    try {
      this.deps.storage?.removeItem(USER_RECORD_KEY);
    } catch {
      // Storage refused (private mode, a full quota): the memory is cleared all the same.
    }
    this.set({ status: false, user: null, userInfo: null });
  }

  /** Another tab signed in or out (the storage event): follow it. */
  recordChanged(): void {
    const record = this.readRecord();
    if (record === null && this.state.status === true) this.signOutLocally();
    else if (record !== null && this.state.status === false) {
      this.started = false;
      void this.start();
    }
  }

  /** A token valid for at least the refresh window, or null when signed out. */
  async validToken(): Promise<string | null> {
    if (this.token !== null && !needsRefresh(this.token.expiresAt, this.deps.now())) return this.token.value;
    if (this.state.status === false) return null;
    return (await this.refresh()) ? (this.token?.value ?? null) : null;
  }

  /** An authenticated GET (SPEC §7): the parsed JSON, or Error('Failed fetch') (SPEC §8). */
  async authedGet<T>(path: string): Promise<T> {
    const response = await this.authed(path, { method: "GET" });
    if (!response.ok) throw new AccountCallError("Failed fetch", await problemOf(response));
    return (await response.json()) as T;
  }

  /** An authenticated POST of JSON: the parsed JSON (null for 204), or Error('Failed update'). */
  authedPost<T = null>(path: string, body: unknown): Promise<T> {
    return this.authedSend<T>(path, {
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify(body ?? {}),
    });
  }

  /**
   * An authenticated change of any other form (a multipart upload, a DELETE): the parsed JSON
   * (null for 204), or Error('Failed update').
   */
  async authedSend<T = null>(path: string, init: RequestInit): Promise<T> {
    const response = await this.authed(path, init);
    if (!response.ok) throw new AccountCallError("Failed update", await problemOf(response));
    return (response.status === 204 ? null : await response.json()) as T;
  }

  private async authed(path: string, init: RequestInit): Promise<Response> {
    const send = (token: string) =>
      this.deps.fetch(path, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } });
    const token = await this.validToken();
    if (token === null) return notSignedIn();
    const response = await send(token);
    if (response.status !== 401) return response;
    // The token was refused (its sign-in ended elsewhere, say): one refresh decides.
    this.token = null;
    const fresh = await this.validToken();
    return fresh === null ? response : send(fresh);
  }

  /** One refresh at a time in this page, and across tabs through navigator.locks. */
  private refresh(): Promise<boolean> {
    if (this.refreshing === null) {
      const run = () => this.refreshOnce();
      const locked = this.deps.locks ? this.deps.locks.request("camstats-refresh", run) : run();
      this.refreshing = locked.finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  private async refreshOnce(): Promise<boolean> {
    // Another tab may have refreshed while this one waited for the lock; its token is not ours
    // (tokens stay in each page's memory), but the cookie it left is, so asking is still right.
    const generation = this.generation;
    for (let attempt = 0; attempt < 2; attempt++) {
      let response: Response;
      try {
        response = await this.deps.fetch("/v1/auth/refresh", { method: "POST", credentials: "same-origin" });
      } catch {
        // Offline: no answer is not a sign-out; the timer tries again in a minute.
        this.schedule(this.deps.now() / 1000 + REFRESH_WINDOW_S + 60);
        return this.token !== null;
      }
      if (generation !== this.generation) return false;
      if (response.ok) {
        const body = (await response.json()) as { token: string; expiresAt: number };
        this.keepToken(body.token, body.expiresAt);
        return true;
      }
      if (response.status === 409 && attempt === 0) {
        await this.deps.sleep(RACE_RETRY_MS);
        continue;
      }
      break;
    }
    this.signOutLocally();
    return false;
  }

  private async afterSignIn(known: UserRecord | null): Promise<void> {
    const generation = this.generation;
    const token = this.token?.value ?? "";
    let record = known;
    const subject = subjectOfToken(token);
    if (record === null || (subject !== null && subject !== record.id)) {
      // Back from Google: no record yet; the token names the user, the account has the address.
      const account = await this.authedGet<{ email: string }>("/v1/account").catch(() => null);
      record = { id: subject ?? "", email: account?.email ?? "" };
    }
    if (generation !== this.generation) return;
    const stored = parseUserRecord(serializeUserRecord(record));
    try {
      if (stored !== null) this.deps.storage?.setItem(USER_RECORD_KEY, serializeUserRecord(stored));
    } catch {
      // Storage refused: signed in for this page only.
    }
    this.set({ status: true, user: record, userInfo: null });
    // SPEC §4: signing in loads user info. A failure leaves it null (SPEC §8: no user message).
    const userInfo = await this.authedGet<UserSummary>("/v1/user_info").catch((error: unknown) => {
      console.error(error);
      return null;
    });
    if (generation === this.generation) this.set({ ...this.state, userInfo });
  }

  private keepToken(value: string, expiresAt: number): void {
    this.token = { value, expiresAt };
    this.schedule(expiresAt);
  }

  private schedule(expiresAt: number): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = this.deps.setTimer(
      () => {
        this.timer = null;
        void this.refresh();
      },
      refreshDelayMs(expiresAt, this.deps.now()),
    );
  }

  private readRecord(): UserRecord | null {
    try {
      return parseUserRecord(this.deps.storage?.getItem(USER_RECORD_KEY) ?? null);
    } catch {
      return null;
    }
  }

  private set(next: SessionState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

function notSignedIn(): Response {
  return new Response(JSON.stringify({ error: { code: "not_signed_in", message: "Sign in first." } }), {
    status: 401,
    headers: JSON_HEADERS,
  });
}
