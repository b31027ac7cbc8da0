import { createHash, randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { APIError } from "better-auth/api";
import { createLocalJWKSet, type JSONWebKeySet, type JWTPayload, jwtVerify } from "jose";
import type { Db } from "../db/connect.ts";
import { endSessionOf, openSessionsOf } from "../db/queries/account-sessions.ts";
import {
  type AccountRow,
  accountOf,
  deleteAccount,
  deleteOtherSessions,
  passwordHashOf,
  setPasswordHash,
} from "../db/queries/accounts.ts";
import {
  deleteSessionOfRefreshToken,
  deleteSessionsOfUser,
  insertRefreshToken,
  markLinkUsed,
  rotateRefreshToken,
  sessionByToken,
  sessionIsOpen,
  sessionSignedInSince,
  takeOverSession,
} from "../db/queries/refresh-tokens.ts";
import { deleteResetLinks, resetLinkOwner } from "../db/queries/reset-links.ts";
import { abuseLimits } from "./abuse-limits.ts";
import {
  type Auth,
  GOOGLE_FAILED_PATH,
  GOOGLE_PROVIDER,
  resetLinkIdentifier,
  TOKEN_AUDIENCE,
} from "./auth.ts";
import { hashPassword, verifyPassword } from "./password-hash.ts";
import { refusalFloor } from "./refusal-floor.ts";

/** An identity token's life (SPEC §4: the page refreshes it within 600 s of its end). */
export const TOKEN_SECONDS = 3600;
/** A replaced refresh value presented again this soon is another tab's refresh, not theft. */
const RACE_GRACE_MS = 10_000;
/**
 * The calls that take an address and answer alike whatever it is (sign-up, reset, resend) answer
 * this long after their work starts, whether it has finished or not: work still running then
 * finishes in the background. A known and an unknown address cost a little different work (a row
 * inserted, an account looked up, a mail sent) which grows with the load, and a floor that only
 * waited for the work to end showed it as soon as a loaded server took longer than the floor
 * (decision 0031). A refused sign-in answers no sooner than this too. better-auth pads the resend alike.
 */
export const ANSWER_FLOOR_MS = 500;

/** Waits out what is left of `floorMs` since `start` (performance.now(): real time, the attacker's clock). */
async function waitOut(floorMs: number, start: number): Promise<void> {
  const left = floorMs - (performance.now() - start);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/** Deleting an account that has no password asks for a sign-in this recent (issue 27, ASVS V3.7.1). */
export const FRESH_SIGN_IN_MS = 5 * 60_000;
/** A session's "last active" moves in steps of this: one write per session every few minutes, not one per request. */
export const SESSION_USE_STEP_MS = 5 * 60_000;

const sha256 = (value: string) => createHash("sha256").update(value).digest();

/** What the routes know of the client: better-auth records them with the session. */
export interface ClientFacts {
  /** The address by the site's TRUSTED_PROXIES rule. */
  ip: string;
  userAgent: string | undefined;
}

export interface IdentityToken {
  token: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export interface SignedIn extends IdentityToken {
  user: { id: string; email: string };
  /** The refresh cookie's value and when its family ends. */
  refresh: { value: string; expiresAt: Date };
}

export type RefreshOutcome =
  | ({ ok: true } & IdentityToken & { refresh: { value: string; expiresAt: Date } })
  | { ok: false; reason: "unknown" | "expired" | "reused" | "race" };

export type VerifyOutcome = "verified" | "already-used" | "expired" | "invalid";

/** A sign-in refused: wrong address or password (one answer for both), or an address not yet confirmed. */
export class SignInRefused extends Error {
  override name = "SignInRefused";
  constructor(readonly reason: "invalid" | "unverified") {
    super(reason === "invalid" ? "wrong e-mail address or password" : "e-mail address not confirmed yet");
  }
}

/** A password (or the confirming e-mail of a Google-only account) did not match: nothing changed. */
export class WrongPassword extends Error {
  override name = "WrongPassword";
}

/** A call that needs a sign-in within the last five minutes came with an older one: nothing changed. */
export class ReauthenticationRequired extends Error {
  override name = "ReauthenticationRequired";
}

/** A reset link that is unknown, used or past its 24 hours. */
export class InvalidResetLink extends Error {
  override name = "InvalidResetLink";
}

/** An account as /settings shows it: the sign-in methods in the words of the API. */
export interface AccountView {
  email: string;
  emailVerified: boolean;
  createdAt: string;
  signInMethods: ("password" | "google")[];
}

const viewOf = (row: AccountRow): AccountView => ({
  email: row.email,
  emailVerified: row.emailVerified,
  createdAt: row.createdAt.toISOString(),
  signInMethods: row.providers
    .map((p) => (p === "credential" ? "password" : p === "google" ? "google" : null))
    .filter((m): m is "password" | "google" => m !== null),
});

/** One signed-in device as its owner sees it (decision 0042). */
export interface SessionView {
  id: string;
  /** "Firefox on Android"; null when the browser did not say. */
  device: string | null;
  /** ISO 3166 alpha-2 of where it signed in from; null when unknown (a private address, say). */
  country: string | null;
  createdAt: string;
  lastUsedAt: string;
  /** The session the asking identity token belongs to. */
  current: boolean;
}

/** Where the browser goes to sign in with an external provider, and the cookies to carry there. */
export interface ExternalStart {
  url: string;
  /** better-auth's state cookie: the callback checks the state against it. */
  setCookies: string[];
}

/** A sign-in through an external provider, taken over from better-auth's session (finishExternalSignIn). */
export interface ExternalFinish {
  /** The new refresh family's first value; null when there was no session to take over. */
  refresh: { value: string; expiresAt: Date } | null;
  /** Clears better-auth's session cookie, which has done its one job either way. */
  clearCookie: string;
}

/** The authenticated caller of a Bearer call. */
export interface Caller {
  userId: string;
  sessionId: string;
}

const headersOf = (client: ClientFacts) => {
  const headers = new Headers({ "x-client-ip": client.ip });
  if (client.userAgent !== undefined) headers.set("user-agent", client.userAgent);
  return headers;
};

/**
 * Accounts as the routes use them (decision 0018): better-auth does the flows; this file adds the
 * refresh families, the identity tokens and the single-use links around it.
 */
export function createIdentity(
  db: Db,
  auth: Auth,
  now: () => number = Date.now,
  /** The identity tokens' life; tests shorten it to see the page refresh one. */
  tokenSeconds = TOKEN_SECONDS,
  /** ANSWER_FLOOR_MS; tests that do not measure it pass 0, to keep the suite quick. */
  answerFloorMs = ANSWER_FLOOR_MS,
) {
  const limits = abuseLimits(db, auth.options.secret as string, now);
  const refusals = refusalFloor(answerFloorMs);
  /** Work that outlived its answer's floor, still running. */
  const background = new Set<Promise<unknown>>();

  /**
   * Runs `work` and settles `answerFloorMs` after it began: with its outcome when it is done by
   * then (a failure thrown), else resolved, the work going on in the background (a failure logged).
   * A floor of 0 waits for the work, however long (tests that measure no time).
   */
  async function answerAtFloor(what: string, work: () => Promise<unknown>): Promise<void> {
    const start = performance.now();
    if (answerFloorMs <= 0) {
      await work();
      return;
    }
    // Settles either way, so a failure after the answer is never an unhandled rejection.
    const outcome = work().then(
      () => ({ failed: false as const }),
      (error: unknown) => ({ failed: true as const, error }),
    );
    let timer: NodeJS.Timeout | undefined;
    const floor = new Promise<null>((resolve) => {
      timer = setTimeout(resolve, answerFloorMs, null);
    });
    const done = await Promise.race([outcome, floor]);
    clearTimeout(timer);
    if (done !== null) {
      await waitOut(answerFloorMs, start);
      if (done.failed) throw done.error;
      return;
    }
    const tracked: Promise<void> = outcome.then((late) => {
      if (late.failed) auth.reportBackgroundFailure(what, late.error);
      background.delete(tracked);
    });
    background.add(tracked);
  }

  let keys: ReturnType<typeof createLocalJWKSet> | null = null;
  const keySet = async (): Promise<JSONWebKeySet> => (await auth.api.getJwks()) as JSONWebKeySet;

  async function tokenFor(userId: string, sessionId: string): Promise<IdentityToken> {
    const expiresAt = Math.floor(now() / 1000) + tokenSeconds;
    const { token } = await auth.api.signJWT({
      body: { payload: { sub: userId, sid: sessionId, exp: expiresAt } },
    });
    return { token, expiresAt };
  }

  async function newRefresh(sessionId: string): Promise<string> {
    const value = randomBytes(32).toString("base64url");
    await insertRefreshToken(db, sessionId, sha256(value));
    return value;
  }

  async function verified(token: string): Promise<JWTPayload | null> {
    const options = {
      issuer: auth.options.baseURL as string,
      audience: TOKEN_AUDIENCE,
      algorithms: ["EdDSA"],
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      keys ??= createLocalJWKSet(await keySet());
      try {
        return (await jwtVerify(token, keys, { ...options, currentDate: new Date(now()) })).payload;
      } catch (error) {
        // A key made since we read the set (rotation): read it again, once.
        if ((error as { code?: string }).code !== "ERR_JWKS_NO_MATCHING_KEY" || attempt > 0) return null;
        keys = null;
      }
    }
    return null;
  }

  return {
    /** Always resolves the same way for a new address and a known one (the known one's owner gets a mail). */
    async signUp(email: string, password: string, client: ClientFacts): Promise<void> {
      await limits.signUp(client.ip);
      await answerAtFloor("sign-up", () =>
        auth.api.signUpEmail({ body: { email, password, name: "" }, headers: headersOf(client) }),
      );
    },

    /** The confirmation link again; the same answer whatever the address (TooManyAttempts aside). */
    async resendConfirmation(email: string, client: ClientFacts): Promise<void> {
      await limits.mailRequest(client.ip);
      await answerAtFloor("confirmation again", () =>
        auth.api.sendVerificationEmail({ body: { email }, headers: headersOf(client) }),
      );
    },

    async requestPasswordReset(email: string, client: ClientFacts): Promise<void> {
      await limits.mailRequest(client.ip);
      await answerAtFloor("password reset", () =>
        auth.api.requestPasswordReset({ body: { email }, headers: headersOf(client) }),
      );
    },

    /** Resolves when the work that outlived its answer (answerAtFloor) is done: before closing the database. */
    async settled(): Promise<void> {
      while (background.size > 0) await Promise.allSettled([...background]);
    },

    /** Whose a live reset link is (the rules for the new password need the address); null for none. */
    async resetLinkOwner(token: string): Promise<{ email: string } | null> {
      const owner = await resetLinkOwner(db, resetLinkIdentifier(token), new Date(now()));
      return owner === undefined ? null : { email: owner.email };
    },

    /**
     * Sets the new password (the rules checked by the caller) and ends every sign-in of the
     * account and every other reset link; the address it was done from becomes the owner's.
     */
    async resetPassword(token: string, newPassword: string, client: ClientFacts): Promise<void> {
      const owner = await resetLinkOwner(db, resetLinkIdentifier(token), new Date(now()));
      if (owner === undefined) throw new InvalidResetLink("invalid reset link");
      try {
        await auth.api.resetPassword({ body: { token, newPassword } });
      } catch (error) {
        if (error instanceof APIError && error.statusCode === 400)
          throw new InvalidResetLink("invalid reset link");
        throw error;
      }
      await deleteResetLinks(db, owner.userId);
      await limits.passwordReset(owner.email, client.ip, owner.userId);
    },

    async verifyEmail(token: string): Promise<VerifyOutcome> {
      try {
        await auth.api.verifyEmail({ query: { token } });
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        return (error.body as { code?: string } | undefined)?.code === "TOKEN_EXPIRED"
          ? "expired"
          : "invalid";
      }
      return (await markLinkUsed(db, sha256(token))) ? "verified" : "already-used";
    },

    async signIn(email: string, password: string, client: ClientFacts): Promise<SignedIn> {
      const attempt = await limits.beforePasswordCheck(email, client.ip);
      let response: { token: string; user: { id: string; email: string } };
      const start = performance.now();
      try {
        response = await auth.api.signInEmail({ body: { email, password }, headers: headersOf(client) });
      } catch (error) {
        // A refusal is padded (a success needs the password, so its time tells nothing new), to
        // the floor or, on a loaded server, to the slower refusals of late (refusal-floor.ts).
        await waitOut(refusals.floorFor(performance.now() - start), start);
        if (!(error instanceof APIError)) throw error;
        // better-auth tells an unconfirmed address only after the password matched.
        if (error.statusCode === 403) {
          await attempt.succeeded(null);
          throw new SignInRefused("unverified");
        }
        throw new SignInRefused("invalid");
      }
      await attempt.succeeded(response.user.id);
      const session = await sessionByToken(db, response.token);
      if (session === undefined) throw new Error("better-auth signed in without a session row");
      return {
        ...(await tokenFor(response.user.id, session.id)),
        user: { id: response.user.id, email: response.user.email },
        refresh: { value: await newRefresh(session.id), expiresAt: session.expires_at },
      };
    },

    async refresh(presented: string): Promise<RefreshOutcome> {
      const value = randomBytes(32).toString("base64url");
      const rotation = await rotateRefreshToken(
        db,
        sha256(presented),
        sha256(value),
        new Date(now()),
        RACE_GRACE_MS,
      );
      if (!rotation.ok) return rotation;
      return {
        ok: true,
        ...(await tokenFor(rotation.userId, rotation.sessionId)),
        refresh: { value, expiresAt: rotation.sessionExpiresAt },
      };
    },

    async signOut(presented: string): Promise<void> {
      await deleteSessionOfRefreshToken(db, sha256(presented));
    },

    async signOutEverywhere(userId: string): Promise<void> {
      await deleteSessionsOfUser(db, userId);
    },

    async account(userId: string): Promise<AccountView | null> {
      const row = await accountOf(db, userId);
      return row === undefined ? null : viewOf(row);
    },

    /**
     * Changes a password account's password, the current one checked under the abuse limits; the
     * other sign-ins and every reset link end, this sign-in stays.
     */
    async changePassword(
      caller: Caller,
      currentPassword: string,
      newPassword: string,
      client: ClientFacts,
    ): Promise<void> {
      const account = await accountOf(db, caller.userId);
      const stored = await passwordHashOf(db, caller.userId);
      if (account === undefined || stored === null) throw new WrongPassword();
      const attempt = await limits.beforePasswordCheck(account.email, client.ip);
      if (!(await verifyPassword(stored, currentPassword))) throw new WrongPassword();
      await attempt.succeeded(caller.userId);
      await setPasswordHash(db, caller.userId, await hashPassword(newPassword));
      await deleteOtherSessions(db, caller.userId, caller.sessionId);
      await deleteResetLinks(db, caller.userId);
      auth.notifyPasswordChanged(account.email, "settings");
    },

    /**
     * Deletes the account and all it owns, confirmed by its password (checked under the abuse
     * limits), or, for an account without one (Google only), by typing its e-mail address in a
     * sign-in made within FRESH_SIGN_IN_MS: the identity token alone, stolen, must not do it.
     */
    async deleteAccount(
      caller: Caller,
      confirmation: { password: string } | { email: string },
      client: ClientFacts,
    ): Promise<void> {
      const account = await accountOf(db, caller.userId);
      if (account === undefined) return;
      const stored = await passwordHashOf(db, caller.userId);
      if ("password" in confirmation) {
        if (stored === null) throw new WrongPassword();
        const attempt = await limits.beforePasswordCheck(account.email, client.ip);
        if (!(await verifyPassword(stored, confirmation.password))) throw new WrongPassword();
        await attempt.succeeded(null);
      } else {
        if (stored !== null) throw new WrongPassword();
        const since = new Date(now() - FRESH_SIGN_IN_MS);
        if (!(await sessionSignedInSince(db, caller.sessionId, since))) throw new ReauthenticationRequired();
        if (confirmation.email.trim().toLowerCase() !== account.email.toLowerCase())
          throw new WrongPassword();
      }
      await deleteAccount(db, caller.userId);
    },

    /** The account's open sessions (signed-in devices), the caller's own first, then the most recently used. */
    async sessions(caller: Caller): Promise<SessionView[]> {
      const rows = await openSessionsOf(db, caller.userId, new Date(now()));
      return rows
        .map((row) => ({
          id: row.id,
          device: row.device,
          country: row.country,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          current: row.id === caller.sessionId,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current));
    },

    /** Ends one of the caller's own sessions at once; false when the account has none of that id (another's included). */
    endSession(caller: Caller, sessionId: string): Promise<boolean> {
      return endSessionOf(db, caller.userId, sessionId);
    },

    /**
     * Ends every session of the account but the caller's, confirmed by the password (checked under
     * the abuse limits) or, for an account without one, by a sign-in within FRESH_SIGN_IN_MS: a
     * stolen identity token alone must not be able to throw the owner out of every other device
     * (ASVS V3.3.4). How many ended.
     */
    async endOtherSessions(
      caller: Caller,
      password: string | undefined,
      client: ClientFacts,
    ): Promise<number> {
      const account = await accountOf(db, caller.userId);
      if (account === undefined) return 0;
      const stored = await passwordHashOf(db, caller.userId);
      if (stored !== null) {
        // Nothing typed: nothing to check, and nothing counted.
        if (password === undefined) throw new WrongPassword();
        const attempt = await limits.beforePasswordCheck(account.email, client.ip);
        if (!(await verifyPassword(stored, password))) throw new WrongPassword();
        await attempt.succeeded(caller.userId);
      } else {
        if (password !== undefined) throw new WrongPassword();
        const since = new Date(now() - FRESH_SIGN_IN_MS);
        if (!(await sessionSignedInSince(db, caller.sessionId, since))) throw new ReauthenticationRequired();
      }
      return deleteOtherSessions(db, caller.userId, caller.sessionId);
    },

    /** The caller of a Bearer token: signed by our keys, for our API, unexpired, its session still open. */
    async authenticate(token: string): Promise<Caller | null> {
      const payload = await verified(token);
      if (typeof payload?.sub !== "string" || typeof payload.sid !== "string") return null;
      const at = now();
      if (!(await sessionIsOpen(db, payload.sid, new Date(at), new Date(at - SESSION_USE_STEP_MS))))
        return null;
      return { userId: payload.sub, sessionId: payload.sid };
    },

    jwks: keySet,

    /**
     * Google sign-in's first step (decision 0019): the provider's authorization URL (state, nonce,
     * PKCE challenge), better-auth's state cookie, and where it sends the browser afterwards.
     */
    async startExternalSignIn(finishPath: string, client: ClientFacts): Promise<ExternalStart> {
      const { headers, response } = await auth.api.signInSocial({
        body: {
          provider: GOOGLE_PROVIDER,
          callbackURL: finishPath,
          errorCallbackURL: GOOGLE_FAILED_PATH,
          disableRedirect: true,
        },
        headers: headersOf(client),
        returnHeaders: true,
      });
      if (!response.url) throw new Error("better-auth gave no authorization URL for Google");
      return { url: response.url, setCookies: headers.getSetCookie() };
    },

    /**
     * The provider's redirect back (`pathAndQuery` as the browser asked for it): better-auth's own
     * handler checks state, code, PKCE and the ID token, at the site's origin.
     */
    externalCallback(pathAndQuery: string, headers: Headers): Promise<Response> {
      const url = new URL(pathAndQuery, auth.options.baseURL as string);
      return auth.handler(new Request(url, { method: "GET", headers }));
    },

    /**
     * The callback's session becomes one of our refresh families: the session's token (in
     * better-auth's cookie) is replaced by one nobody has, so the cookie opens nothing again and two
     * finishes cannot both succeed. No refresh for no session, an expired one or one taken over.
     */
    async finishExternalSignIn(cookieHeader: string | undefined): Promise<ExternalFinish> {
      const context = await auth.$context;
      const { name, attributes } = context.authCookies.sessionToken;
      const clearCookie = [
        `${name}=`,
        `Path=${attributes.path ?? "/"}`,
        "HttpOnly",
        `SameSite=${attributes.sameSite ?? "Lax"}`,
        ...(attributes.secure ? ["Secure"] : []),
        "Max-Age=0",
      ].join("; ");
      if (cookieHeader === undefined) return { refresh: null, clearCookie };
      let found: { session: { token: string } } | null;
      try {
        found = await auth.api.getSession({
          headers: new Headers({ cookie: cookieHeader }),
          query: { disableCookieCache: true },
        });
      } catch (error) {
        // A cookie better-auth cannot read is no session.
        if (!(error instanceof APIError)) throw error;
        found = null;
      }
      if (found === null) return { refresh: null, clearCookie };
      const session = await takeOverSession(
        db,
        found.session.token,
        randomBytes(32).toString("base64url"),
        new Date(now()),
      );
      if (session === undefined) return { refresh: null, clearCookie };
      return {
        refresh: { value: await newRefresh(session.id), expiresAt: session.expires_at },
        clearCookie,
      };
    },
  };
}

export type Identity = ReturnType<typeof createIdentity>;
