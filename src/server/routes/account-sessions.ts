import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type Identity, ReauthenticationRequired, WrongPassword } from "../../identity/identity.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { authenticate } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { WRONG_PASSWORD } from "./account.ts";
import { anyPassword, clientOf, limited } from "./auth/auth-routes.ts";
import { refreshCookie } from "./auth/refresh-cookie.ts";

export const SESSIONS_PATH = "/v1/account/sessions";
export const NO_SUCH_SESSION = "No such signed-in device: it may have signed out already.";
export const SIGN_IN_AGAIN_FOR_OTHERS =
  "For your safety, signing out your other devices from an account without a password needs a fresh sign-in: sign out, sign in with Google again, then do it within 5 minutes.";

const sessionParams = z.object({ id: z.uuid({ error: "expected a signed-in device's id" }) });
/** The password, or nothing for an account without one (which must have signed in within 5 minutes). */
const endOthers = z.object({ password: anyPassword.optional() }).strict();

/**
 * The signed-in devices of one's own account (issue 27, ASVS V3.3.4, decision 0042): list them,
 * end one, end all but this one. Each: validate, authenticate (Bearer), authorize (the account's
 * own sessions only: another's id answers as an unknown one), query, respond; never cached.
 */
export function registerAccountSessions(
  app: FastifyInstance,
  identity: Identity,
  options: { https: boolean },
): void {
  const cookie = refreshCookie(options.https);
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith(SESSIONS_PATH)) reply.header("cache-control", "private, no-store");
  });

  app.get(SESSIONS_PATH, async (request) => {
    const caller = await authenticate(request, identity);
    return { sessions: await identity.sessions(caller) };
  });

  app.delete(`${SESSIONS_PATH}/:id`, async (request, reply) => {
    const { id } = parseInput(sessionParams, request.params);
    const caller = await authenticate(request, identity);
    if (!(await identity.endSession(caller, id))) throw new ApiError(404, "not_found", NO_SUCH_SESSION);
    // This device's own: its refresh cookie opens nothing any more, so it goes too.
    if (id === caller.sessionId) cookie.clear(reply);
    return reply.code(204).send();
  });

  app.post(`${SESSIONS_PATH}/end-others`, async (request, reply) => {
    const body = parseInput(endOthers, request.body);
    const caller = await authenticate(request, identity);
    try {
      const ended = await limited(reply, () =>
        identity.endOtherSessions(caller, body.password, clientOf(request)),
      );
      return { ended };
    } catch (error) {
      if (error instanceof WrongPassword)
        throw new ApiError(403, "wrong_password", WRONG_PASSWORD, "password");
      if (error instanceof ReauthenticationRequired)
        throw new ApiError(403, "reauthentication_required", SIGN_IN_AGAIN_FOR_OTHERS);
      throw error;
    }
  });
}

export const ACCOUNT_SESSIONS_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: SESSIONS_PATH,
    summary:
      "The account's signed-in devices (Bearer): { sessions: [{ id, device (browser and OS family, or null), country (ISO 3166 alpha-2 where it signed in, or null), createdAt, lastUsedAt (renewed every 5 minutes of use at most), current }] }, this one first, then the most recently used (at most 100)",
    responses: { "200": "the sessions", "401": "no valid identity token" },
  },
  {
    method: "delete",
    path: `${SESSIONS_PATH}/{id}`,
    summary:
      "End one of the account's sign-ins (Bearer) at once: its identity tokens and refresh cookie stop working (this device's own signs it out)",
    params: sessionParams,
    responses: {
      "204": "ended",
      "400": "not a session id",
      "401": "no valid identity token",
      "404": `${NO_SUCH_SESSION} (also for another account's session)`,
    },
  },
  {
    method: "post",
    path: `${SESSIONS_PATH}/end-others`,
    summary:
      "End every sign-in of the account but this one (Bearer), confirmed by { password }, or by {} for an account without a password, which must have signed in within the last 5 minutes. Wrong passwords count against the sign-in limits",
    body: endOthers,
    responses: {
      "200": "{ ended: how many sign-ins ended }",
      "400": "a body other than { password } or {}",
      "401": "no valid identity token",
      "403": `${WRONG_PASSWORD} (wrong_password, also for no password on an account that has one); or: ${SIGN_IN_AGAIN_FOR_OTHERS} (reauthentication_required)`,
      "429": "too many wrong passwords: Retry-After says when to try again",
    },
  },
];
