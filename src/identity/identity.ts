import { createHash, randomBytes } from "node:crypto";
import { APIError } from "better-auth/api";
import { createLocalJWKSet, type JSONWebKeySet, type JWTPayload, jwtVerify } from "jose";
import type { Db } from "../db/connect.ts";
import {
  deleteSessionOfRefreshToken,
  deleteSessionsOfUser,
  insertRefreshToken,
  markLinkUsed,
  rotateRefreshToken,
  sessionByToken,
  sessionIsOpen,
} from "../db/queries/refresh-tokens.ts";
import { type Auth, TOKEN_AUDIENCE } from "./auth.ts";

/** An identity token's life (SPEC §4: the page refreshes it within 600 s of its end). */
export const TOKEN_SECONDS = 3600;
/** A replaced refresh value presented again this soon is another tab's refresh, not theft. */
const RACE_GRACE_MS = 10_000;

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
export function createIdentity(db: Db, auth: Auth, now: () => number = Date.now) {
  let keys: ReturnType<typeof createLocalJWKSet> | null = null;
  const keySet = async (): Promise<JSONWebKeySet> => (await auth.api.getJwks()) as JSONWebKeySet;

  async function tokenFor(userId: string, sessionId: string): Promise<IdentityToken> {
    const expiresAt = Math.floor(now() / 1000) + TOKEN_SECONDS;
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
      await auth.api.signUpEmail({ body: { email, password, name: "" }, headers: headersOf(client) });
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
      let response: { token: string; user: { id: string; email: string } };
      try {
        response = await auth.api.signInEmail({ body: { email, password }, headers: headersOf(client) });
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        // better-auth tells an unconfirmed address only after the password matched.
        throw new SignInRefused(error.statusCode === 403 ? "unverified" : "invalid");
      }
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

    /** The caller of a Bearer token: signed by our keys, for our API, unexpired, its session still open. */
    async authenticate(token: string): Promise<Caller | null> {
      const payload = await verified(token);
      if (typeof payload?.sub !== "string" || typeof payload.sid !== "string") return null;
      if (!(await sessionIsOpen(db, payload.sid, new Date(now())))) return null;
      return { userId: payload.sub, sessionId: payload.sid };
    },

    jwks: keySet,
  };
}

export type Identity = ReturnType<typeof createIdentity>;
