import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { TooManyAttempts } from "../../../identity/abuse-limits.ts";
import { AUTH_PATH } from "../../../identity/auth.ts";
import {
  type ClientFacts,
  type Identity,
  InvalidResetLink,
  SignInRefused,
} from "../../../identity/identity.ts";
import { PASSWORD_MAX_LENGTH, passwordProblem } from "../../../identity/password-rules.ts";
import { ApiError, parseInput } from "../../api/api-error.ts";
import type { RouteDoc } from "../../api/openapi.ts";
import type { ModerationCookie } from "../moderation-cookie.ts";
import { type RefreshCookie, refreshCookie } from "./refresh-cookie.ts";

export const SIGN_UP_ACCEPTED =
  "Check your inbox: we sent a link to confirm your address. It works once, within 24 hours.";
export const WRONG_CREDENTIALS = "Wrong e-mail address or password.";
export const NOT_CONFIRMED = "Confirm your e-mail address first: follow the link we sent you.";
export const RESEND_ACCEPTED =
  "If that address has an account waiting for confirmation, a new link is on its way. It works once, within 24 hours.";
export const RESET_ACCEPTED =
  "If that address has an account, a link to choose a new password is on its way. It works once, within 24 hours.";
export const RESET_LINK_INVALID =
  "This password reset link has been used or is more than 24 hours old. Ask for a new one.";

const email = z
  .string({ error: "expected an e-mail address" })
  .trim()
  .max(254, "expected an e-mail address of at most 254 characters")
  .pipe(z.email("expected an e-mail address"));
/** Any password a sign-in may try (the rules are for new ones); bounded so hashing stays bounded. */
export const anyPassword = z
  .string({ error: "expected a password" })
  .min(1)
  .max(PASSWORD_MAX_LENGTH * 4);
const credentials = z.object({ email, password: anyPassword });
const verifyQuery = z.object({ token: z.string().min(16).max(4096) });
const emailOnly = z.object({ email });
const resetConfirm = z.object({
  token: z.string({ error: "expected the reset link's token" }).min(16).max(256),
  password: anyPassword,
});

/** The answer to a request over an abuse limit: 429 in the one error shape, with Retry-After. */
export function tooMany(error: TooManyAttempts): ApiError {
  return new ApiError(429, "too_many_attempts", error.message);
}

/** Runs a step that counts against an abuse limit, turning its refusal into the 429 (with Retry-After). */
export async function limited<T>(
  reply: { header(name: string, value: string): unknown },
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof TooManyAttempts)) throw error;
    reply.header("retry-after", String(error.retryAfterSeconds));
    throw tooMany(error);
  }
}

/** The client as the identity layer knows it: its address (by TRUSTED_PROXIES) and user agent. */
export const clientOf = (request: FastifyRequest): ClientFacts => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"],
});

/** Where a followed confirmation link lands: the account page, saying how it went. */
export const afterVerify = (outcome: string) => `/settings?email=${outcome}`;

/**
 * The identity routes under /v1/auth (decision 0018), each in the one order: validate, (no one to
 * authenticate yet), query, respond. Answers are never cached.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  identity: Identity,
  options: { https: boolean; now?: () => number; moderationCookie?: ModerationCookie },
): void {
  const cookie: RefreshCookie = refreshCookie(options.https);
  const now = options.now ?? Date.now;
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith(`${AUTH_PATH}/`) && !reply.hasHeader("cache-control"))
      reply.header("cache-control", "no-store");
  });

  app.post(`${AUTH_PATH}/sign-up`, async (request, reply) => {
    const body = parseInput(credentials, request.body);
    const problem = passwordProblem(body.password, body.email);
    if (problem !== null) throw new ApiError(400, "weak_password", problem, "password");
    await limited(reply, () => identity.signUp(body.email, body.password, clientOf(request)));
    return reply.code(202).send({ message: SIGN_UP_ACCEPTED });
  });

  app.post(`${AUTH_PATH}/resend-confirmation`, async (request, reply) => {
    const body = parseInput(emailOnly, request.body);
    await limited(reply, () => identity.resendConfirmation(body.email, clientOf(request)));
    return reply.code(202).send({ message: RESEND_ACCEPTED });
  });

  app.post(`${AUTH_PATH}/password-reset`, async (request, reply) => {
    const body = parseInput(emailOnly, request.body);
    await limited(reply, () => identity.requestPasswordReset(body.email, clientOf(request)));
    return reply.code(202).send({ message: RESET_ACCEPTED });
  });

  app.post(`${AUTH_PATH}/password-reset/confirm`, async (request, reply) => {
    const body = parseInput(resetConfirm, request.body);
    const invalid = () => new ApiError(400, "invalid_token", RESET_LINK_INVALID, "token");
    // The link's account first: the new password may not be its address (the rules of sign-up).
    const owner = await identity.resetLinkOwner(body.token);
    if (owner === null) throw invalid();
    const problem = passwordProblem(body.password, owner.email);
    if (problem !== null) throw new ApiError(400, "weak_password", problem, "password");
    try {
      await identity.resetPassword(body.token, body.password, clientOf(request));
    } catch (error) {
      if (error instanceof InvalidResetLink) throw invalid();
      throw error;
    }
    return reply.code(204).send();
  });

  app.get(`${AUTH_PATH}/verify-email`, async (request, reply) => {
    const parsed = verifyQuery.safeParse(request.query ?? {});
    const outcome = parsed.success ? await identity.verifyEmail(parsed.data.token) : "invalid";
    return reply.redirect(afterVerify(outcome), 303);
  });

  app.post(`${AUTH_PATH}/sign-in`, async (request, reply) => {
    const body = parseInput(credentials, request.body);
    try {
      const signedIn = await limited(reply, () =>
        identity.signIn(body.email, body.password, clientOf(request)),
      );
      cookie.set(reply, signedIn.refresh.value, signedIn.refresh.expiresAt, now());
      await options.moderationCookie?.issue(reply, signedIn.token);
      return { token: signedIn.token, expiresAt: signedIn.expiresAt, user: signedIn.user };
    } catch (error) {
      if (!(error instanceof SignInRefused)) throw error;
      throw error.reason === "unverified"
        ? new ApiError(403, "email_not_confirmed", NOT_CONFIRMED)
        : new ApiError(401, "wrong_credentials", WRONG_CREDENTIALS);
    }
  });

  app.post(`${AUTH_PATH}/refresh`, async (request, reply) => {
    const presented = cookie.read(request);
    if (presented === undefined) throw new ApiError(401, "not_signed_in", "not signed in");
    const outcome = await identity.refresh(presented);
    if (outcome.ok) {
      cookie.set(reply, outcome.refresh.value, outcome.refresh.expiresAt, now());
      await options.moderationCookie?.issue(reply, outcome.token);
      return { token: outcome.token, expiresAt: outcome.expiresAt };
    }
    // Another tab refreshed a moment ago: its new cookie is already in this browser; try again.
    if (outcome.reason === "race")
      throw new ApiError(409, "refresh_race", "refreshed by another tab; try again");
    cookie.clear(reply);
    throw new ApiError(401, "signed_out", "signed out: sign in again");
  });

  app.post(`${AUTH_PATH}/sign-out`, async (request, reply) => {
    const presented = cookie.read(request);
    if (presented !== undefined) await identity.signOut(presented);
    cookie.clear(reply);
    options.moderationCookie?.clear(reply);
    return reply.code(204).send();
  });

  app.get(`${AUTH_PATH}/jwks`, async (_request, reply) => {
    // Public keys: cacheable, but a rotation must reach verifiers within the hour.
    return reply.header("cache-control", "public, max-age=3600").send(await identity.jwks());
  });
}

export const AUTH_DOCS: RouteDoc[] = [
  {
    method: "post",
    path: `${AUTH_PATH}/sign-up`,
    summary:
      "Create an account: a confirmation link goes to the address (no sign-in before it is followed). The same answer whether or not the address has an account",
    body: credentials,
    responses: {
      "202": "{ message }",
      "400": "a bad address, or a password too short, too long or too common",
    },
  },
  {
    method: "get",
    path: `${AUTH_PATH}/verify-email`,
    summary:
      "The confirmation link: confirms the address once, within 24 hours, then redirects to /settings?email={outcome}",
    query: verifyQuery,
    responses: { "303": "to /settings?email=verified, already-used, expired or invalid" },
  },
  {
    method: "post",
    path: `${AUTH_PATH}/sign-in`,
    summary:
      "Sign in: an identity token (1 hour) for Authorization: Bearer, and the refresh cookie (HttpOnly, scoped to /v1/auth)",
    body: credentials,
    responses: {
      "200": "{ token, expiresAt (epoch seconds), user: { id, email } }",
      "401": "wrong e-mail address or password",
      "403": "the address is not confirmed yet",
      "429": "too many failed sign-ins: Retry-After says when to try again",
    },
  },
  {
    method: "post",
    path: `${AUTH_PATH}/refresh`,
    summary:
      "A new identity token for the refresh cookie, which is replaced (each value works once; an old one presented again ends the sign-in)",
    responses: {
      "200": "{ token, expiresAt }",
      "401": "not signed in, or signed out",
      "409": "another tab refreshed a moment ago: try again",
    },
  },
  {
    method: "post",
    path: `${AUTH_PATH}/sign-out`,
    summary: "Ends this sign-in",
    responses: { "204": "signed out" },
  },
  {
    method: "post",
    path: `${AUTH_PATH}/resend-confirmation`,
    summary: "The confirmation link again (the same answer whatever the address)",
    body: emailOnly,
    responses: {
      "202": "{ message }",
      "400": "not an e-mail address",
      "429": "too many requests from this address",
    },
  },
  {
    method: "post",
    path: `${AUTH_PATH}/password-reset`,
    summary:
      "A link to choose a new password, mailed to the address if it has an account (the same answer, in the same time, either way); it ends every earlier link",
    body: emailOnly,
    responses: {
      "202": "{ message }",
      "400": "not an e-mail address",
      "429": "too many requests from this address",
    },
  },
  {
    method: "post",
    path: `${AUTH_PATH}/password-reset/confirm`,
    summary:
      "Set the new password with the mailed link's token; every sign-in of the account and every other reset link end",
    body: resetConfirm,
    responses: {
      "204": "changed",
      "400":
        "a link used, replaced by a newer one or over 24 hours old; or a weak password (the account's own address among them)",
    },
  },
  {
    method: "get",
    path: `${AUTH_PATH}/jwks`,
    summary: "The public keys that sign identity tokens (JWKS)",
    responses: { "200": "{ keys }" },
  },
];
