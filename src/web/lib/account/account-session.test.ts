import { describe, expect, it, vi } from "vitest";
import { AccountSession, RACE_RETRY_MS, type SessionDeps } from "./account-session.ts";
import { USER_RECORD_KEY } from "./user-record.ts";

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

const tokenFor = (sub: string, n = 1) =>
  `h.${Buffer.from(JSON.stringify({ sub, n })).toString("base64url")}.s`;

const USER_INFO = {
  userInfo: { accountVerifiedForPerformer: null, watchedLists: [], lastActivityTime: null },
  ownedLists: [],
  allLists: [],
};

/** A browser stand-in: a scripted server, a settable clock, storage and timers that tests fire. */
function harness(answers: Record<string, Array<() => Response>>, stored?: string) {
  let now = 1_800_000_000_000;
  const calls: Array<{ path: string; authorization: string | null; body: string | null }> = [];
  const storage = new Map<string, string>(stored === undefined ? [] : [[USER_RECORD_KEY, stored]]);
  const timers: Array<{ callback: () => void; ms: number; cleared: boolean }> = [];
  const sleeps: number[] = [];
  const deps: SessionDeps = {
    fetch: async (path, init) => {
      const headers = new Headers(init?.headers);
      calls.push({ path, authorization: headers.get("authorization"), body: (init?.body as string) ?? null });
      const queue = answers[path];
      const next = queue && (queue.length > 1 ? queue.shift() : queue[0]);
      if (!next) throw new Error(`no answer scripted for ${path}`);
      return next();
    },
    now: () => now,
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
    setTimer: (callback, ms) => {
      const timer = { callback, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  };
  const session = new AccountSession(deps);
  return {
    session,
    deps,
    calls,
    storage,
    timers,
    sleeps,
    paths: () => calls.map((c) => c.path),
    advance: (ms: number) => {
      now += ms;
    },
    nowS: () => now / 1000,
  };
}

const RECORD = JSON.stringify({ id: "u1", email: "ann@example.com" });

describe("the login status (SPEC §4)", () => {
  it("starts unknown, and without a record becomes false without a call", async () => {
    const h = harness({});
    expect(h.session.getState().status).toBe("unknown");
    await h.session.start();
    expect(h.session.getState()).toEqual({ status: false, user: null, userInfo: null });
    expect(h.calls).toEqual([]);
  });

  it("with a record, refreshes for a token, then loads user info: status true", async () => {
    const h = harness(
      {
        "/v1/auth/refresh": [() => json(200, { token: tokenFor("u1"), expiresAt: 1_800_003_600 })],
        "/v1/user_info": [() => json(200, USER_INFO)],
      },
      RECORD,
    );
    const seen: unknown[] = [];
    h.session.subscribe(() => seen.push(h.session.getState().status));
    await h.session.start();
    expect(h.session.getState()).toEqual({
      status: true,
      user: { id: "u1", email: "ann@example.com" },
      userInfo: USER_INFO,
    });
    expect(h.paths()).toEqual(["/v1/auth/refresh", "/v1/user_info"]);
    expect(h.calls[1]?.authorization).toBe(`Bearer ${tokenFor("u1")}`);
    expect(seen).not.toContain("unknown");
    // The timer is set for the refresh window's start: 3600 - 600 s from now.
    expect(h.timers.at(-1)?.ms).toBe(3000 * 1000);
  });

  it("a refused refresh (401) clears the record: status false", async () => {
    const h = harness(
      { "/v1/auth/refresh": [() => json(401, { error: { code: "signed_out", message: "x" } })] },
      RECORD,
    );
    await h.session.start();
    expect(h.session.getState().status).toBe(false);
    expect(h.storage.has(USER_RECORD_KEY)).toBe(false);
  });

  it("retries once after a refresh race (409), ~200 ms later", async () => {
    const h = harness(
      {
        "/v1/auth/refresh": [
          () => json(409, { error: { code: "refresh_race", message: "x" } }),
          () => json(200, { token: tokenFor("u1"), expiresAt: 1_800_003_600 }),
        ],
        "/v1/user_info": [() => json(200, USER_INFO)],
      },
      RECORD,
    );
    await h.session.start();
    expect(h.sleeps).toEqual([RACE_RETRY_MS]);
    expect(h.session.getState().status).toBe(true);
  });

  it("two races in a row sign out", async () => {
    const h = harness(
      { "/v1/auth/refresh": [() => json(409, { error: { code: "refresh_race", message: "x" } })] },
      RECORD,
    );
    await h.session.start();
    expect(h.paths()).toEqual(["/v1/auth/refresh", "/v1/auth/refresh"]);
    expect(h.session.getState().status).toBe(false);
  });

  it("an unreachable server is not a sign-out: the record stays for the next try", async () => {
    const h = harness(
      {
        "/v1/auth/refresh": [
          () => {
            throw new TypeError("Failed to fetch");
          },
        ],
      },
      RECORD,
    );
    await h.session.start();
    expect(h.session.getState().status).toBe(false);
    expect(h.storage.get(USER_RECORD_KEY)).toBe(RECORD);
  });

  it("serialises refreshes through navigator.locks when there is one", async () => {
    const h = harness(
      {
        "/v1/auth/refresh": [() => json(200, { token: tokenFor("u1"), expiresAt: 1_800_003_600 })],
        "/v1/user_info": [() => json(200, USER_INFO)],
      },
      RECORD,
    );
    const request = vi.fn((_name: string, callback: () => Promise<unknown>) => callback());
    const locked = new AccountSession({ ...h.deps, locks: { request } as SessionDeps["locks"] });
    await locked.start();
    expect(request).toHaveBeenCalledWith("camstats-refresh", expect.any(Function));
  });
});

describe("signing in and out", () => {
  it("a sign-in stores only the user record, loads user info, and never stores the token", async () => {
    const token = tokenFor("u1");
    const h = harness({
      "/v1/auth/sign-in": [
        () => json(200, { token, expiresAt: 1_800_003_600, user: { id: "u1", email: "ann@example.com" } }),
      ],
      "/v1/user_info": [() => json(200, USER_INFO)],
    });
    await h.session.start();
    expect(await h.session.signIn("ann@example.com", "pw")).toEqual({ ok: true });
    expect(h.session.getState().status).toBe(true);
    expect(h.storage.get(USER_RECORD_KEY)).toBe(RECORD);
    expect([...h.storage.values()].join()).not.toContain(token);
  });

  it("a refused sign-in gives the server's problem and changes nothing", async () => {
    const h = harness({
      "/v1/auth/sign-in": [
        () =>
          json(401, { error: { code: "wrong_credentials", message: "Wrong e-mail address or password." } }),
      ],
    });
    await h.session.start();
    const outcome = await h.session.signIn("ann@example.com", "nope");
    expect(outcome).toMatchObject({
      ok: false,
      problem: { code: "wrong_credentials", message: "Wrong e-mail address or password." },
    });
    expect(h.session.getState().status).toBe(false);
  });

  it("signing out ends the sign-in on the server and here", async () => {
    const h = harness(
      {
        "/v1/auth/refresh": [() => json(200, { token: tokenFor("u1"), expiresAt: 1_800_003_600 })],
        "/v1/user_info": [() => json(200, USER_INFO)],
        "/v1/auth/sign-out": [() => json(204)],
      },
      RECORD,
    );
    await h.session.start();
    await h.session.signOut();
    expect(h.paths().at(-1)).toBe("/v1/auth/sign-out");
    expect(h.session.getState()).toEqual({ status: false, user: null, userInfo: null });
    expect(h.storage.has(USER_RECORD_KEY)).toBe(false);
    expect(await h.session.validToken()).toBeNull();
  });

  it("back from Google (no record), refreshes, then learns the address from the account", async () => {
    const h = harness({
      "/v1/auth/refresh": [() => json(200, { token: tokenFor("g7"), expiresAt: 1_800_003_600 })],
      "/v1/account": [
        () =>
          json(200, {
            email: "gia@example.com",
            emailVerified: true,
            createdAt: "x",
            signInMethods: ["google"],
          }),
      ],
      "/v1/user_info": [() => json(200, USER_INFO)],
    });
    await h.session.start({ expectSignedIn: true });
    expect(h.session.getState().user).toEqual({ id: "g7", email: "gia@example.com" });
    expect(h.storage.get(USER_RECORD_KEY)).toBe(JSON.stringify({ id: "g7", email: "gia@example.com" }));
  });

  it("follows another tab's sign-out (its record removed)", async () => {
    const h = harness(
      {
        "/v1/auth/refresh": [() => json(200, { token: tokenFor("u1"), expiresAt: 1_800_003_600 })],
        "/v1/user_info": [() => json(200, USER_INFO)],
      },
      RECORD,
    );
    await h.session.start();
    h.storage.delete(USER_RECORD_KEY);
    h.session.recordChanged();
    expect(h.session.getState().status).toBe(false);
  });
});

describe("authenticated calls (SPEC §7, §8)", () => {
  async function signedIn(extra: Record<string, Array<() => Response>>) {
    const h = harness(
      {
        "/v1/auth/refresh": [
          () => json(200, { token: tokenFor("u1", 1), expiresAt: 1_800_003_600 }),
          () => json(200, { token: tokenFor("u1", 2), expiresAt: 1_800_007_200 }),
        ],
        "/v1/user_info": [() => json(200, USER_INFO)],
        ...extra,
      },
      RECORD,
    );
    await h.session.start();
    return h;
  }

  it("refresh first when the token expires within 600 s, then call with the new one", async () => {
    const h = await signedIn({ "/v1/account": [() => json(200, { email: "ann@example.com" })] });
    h.advance(3001 * 1000);
    await h.session.authedGet("/v1/account");
    expect(h.paths().slice(-2)).toEqual(["/v1/auth/refresh", "/v1/account"]);
    expect(h.calls.at(-1)?.authorization).toBe(`Bearer ${tokenFor("u1", 2)}`);
  });

  it("does not refresh a token with more than 600 s to go", async () => {
    const h = await signedIn({ "/v1/account": [() => json(200, { email: "ann@example.com" })] });
    h.advance(2999 * 1000);
    await h.session.authedGet("/v1/account");
    expect(h.paths().filter((p) => p === "/v1/auth/refresh")).toHaveLength(1);
  });

  it("raises Error('Failed fetch') for a read and Error('Failed update') for a write, with the server's problem", async () => {
    const h = await signedIn({
      "/v1/account": [() => json(500, { error: { code: "internal", message: "Oops." } })],
      "/v1/account/password": [
        () => json(403, { error: { code: "wrong_password", message: "Wrong password." } }),
      ],
    });
    await expect(h.session.authedGet("/v1/account")).rejects.toThrow(/^Failed fetch$/);
    await expect(h.session.authedPost("/v1/account/password", {})).rejects.toMatchObject({
      message: "Failed update",
      problem: { code: "wrong_password", message: "Wrong password." },
    });
  });

  it("a write answered 204 resolves to null", async () => {
    const h = await signedIn({ "/v1/auth/sign-out-everywhere": [() => json(204)] });
    expect(await h.session.authedPost("/v1/auth/sign-out-everywhere", {})).toBeNull();
  });

  it("the timer refreshes in the window; a failed refresh there signs out (SPEC §8)", async () => {
    const h = await signedIn({});
    const timer = h.timers.at(-1);
    h.advance(3000 * 1000);
    timer?.callback();
    await vi.waitFor(() => expect(h.paths().filter((p) => p === "/v1/auth/refresh")).toHaveLength(2));
    expect(h.session.getState().status).toBe(true);
    const failing = harness(
      {
        "/v1/auth/refresh": [
          () => json(200, { token: tokenFor("u1"), expiresAt: 1_800_003_600 }),
          () => json(401, {}),
        ],
        "/v1/user_info": [() => json(200, USER_INFO)],
      },
      RECORD,
    );
    await failing.session.start();
    failing.timers.at(-1)?.callback();
    await vi.waitFor(() => expect(failing.session.getState().status).toBe(false));
    expect(failing.storage.has(USER_RECORD_KEY)).toBe(false);
  });
});
