import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type Identity, ReauthenticationRequired, WrongPassword } from "../../identity/identity.ts";
import { passwordProblem } from "../../identity/password-rules.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { authenticate } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { anyPassword, clientOf, limited } from "./auth/auth-routes.ts";
import { refreshCookie } from "./auth/refresh-cookie.ts";

export const WRONG_PASSWORD = "That is not the account's current password.";
export const WRONG_CONFIRMATION =
  "That does not match: type the account's password (or, without one, its e-mail address).";
export const SIGN_IN_AGAIN =
  "For your safety, deleting an account without a password needs a fresh sign-in: sign out, sign in with Google again, then delete it within 5 minutes.";

const passwordChange = z.object({ currentPassword: anyPassword, newPassword: anyPassword });
const deletion = z.union(
  [z.object({ password: anyPassword }).strict(), z.object({ confirm: z.string().min(1).max(254) }).strict()],
  { error: "expected { password } or, for an account without one, { confirm: its e-mail address }" },
);

/**
 * The signed-in user's own account (issue 17): read it, change the password, sign out everywhere,
 * delete it with everything it owns. Each: validate, authenticate (Bearer), authorize (one's own:
 * the token's user), query, respond; never cached.
 */
export function registerAccount(app: FastifyInstance, identity: Identity, options: { https: boolean }): void {
  const cookie = refreshCookie(options.https);

  app.get("/v1/account", async (request, reply) => {
    const caller = await authenticate(request, identity);
    const account = await identity.account(caller.userId);
    if (account === null) throw new ApiError(401, "unauthenticated", "this account no longer exists");
    return reply.header("cache-control", "private, no-store").send(account);
  });

  app.post("/v1/account/password", async (request, reply) => {
    const body = parseInput(passwordChange, request.body);
    const caller = await authenticate(request, identity);
    const account = await identity.account(caller.userId);
    const problem = passwordProblem(body.newPassword, account?.email);
    if (problem !== null) throw new ApiError(400, "weak_password", problem, "newPassword");
    try {
      await limited(reply, () =>
        identity.changePassword(caller, body.currentPassword, body.newPassword, clientOf(request)),
      );
    } catch (error) {
      if (error instanceof WrongPassword)
        throw new ApiError(403, "wrong_password", WRONG_PASSWORD, "currentPassword");
      throw error;
    }
    return reply.header("cache-control", "no-store").code(204).send();
  });

  app.post("/v1/auth/sign-out-everywhere", async (request, reply) => {
    const caller = await authenticate(request, identity);
    await identity.signOutEverywhere(caller.userId);
    cookie.clear(reply);
    return reply.header("cache-control", "no-store").code(204).send();
  });

  app.post("/v1/account/delete", async (request, reply) => {
    const body = parseInput(deletion, request.body);
    const caller = await authenticate(request, identity);
    try {
      await limited(reply, () =>
        identity.deleteAccount(
          caller,
          "password" in body ? { password: body.password } : { email: body.confirm },
          clientOf(request),
        ),
      );
    } catch (error) {
      if (error instanceof WrongPassword) throw new ApiError(403, "wrong_confirmation", WRONG_CONFIRMATION);
      if (error instanceof ReauthenticationRequired)
        throw new ApiError(403, "reauthentication_required", SIGN_IN_AGAIN);
      throw error;
    }
    cookie.clear(reply);
    return reply.header("cache-control", "no-store").code(204).send();
  });
}

export const ACCOUNT_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/account",
    summary:
      "The signed-in account (Bearer): { email, emailVerified, createdAt, signInMethods: password and/or google }",
    responses: { "200": "the account", "401": "no valid identity token" },
  },
  {
    method: "post",
    path: "/v1/account/password",
    summary:
      "Change the password (Bearer); the account's other sign-ins and its reset links end. Wrong current passwords count against the sign-in limits",
    body: passwordChange,
    responses: {
      "204": "changed",
      "400": "a new password too short, too long or too common",
      "401": "no valid identity token",
      "403": "the current password is wrong",
      "429": "too many wrong passwords: Retry-After says when to try again",
    },
  },
  {
    method: "post",
    path: "/v1/auth/sign-out-everywhere",
    summary: "End every sign-in of the account (Bearer)",
    responses: { "204": "signed out everywhere", "401": "no valid identity token" },
  },
  {
    method: "post",
    path: "/v1/account/delete",
    summary:
      "Delete the account and everything it owns (Bearer), confirmed by { password }, or { confirm: its e-mail address } for an account without a password, which must have signed in within the last 5 minutes",
    body: deletion,
    responses: {
      "204": "deleted",
      "401": "no valid identity token",
      "403":
        "the confirmation does not match (wrong_confirmation), or an account without a password signed in over 5 minutes ago (reauthentication_required)",
      "429": "too many wrong passwords: Retry-After says when to try again",
    },
  },
];
