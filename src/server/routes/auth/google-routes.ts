import { APIError } from "better-auth/api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { AUTH_PATH, GOOGLE_FAILED_PATH, GOOGLE_PROVIDER } from "../../../identity/auth.ts";
import type { ClientFacts, Identity } from "../../../identity/identity.ts";
import { type RefreshCookie, refreshCookie } from "./refresh-cookie.ts";

export const GOOGLE_START_PATH = `${AUTH_PATH}/google/start`;
export const GOOGLE_CALLBACK_PATH = `${AUTH_PATH}/callback/${GOOGLE_PROVIDER}`;
export const GOOGLE_FINISH_PATH = `${AUTH_PATH}/google/finish`;
/**
 * Where a Google sign-in ends: the account page, which (told by ?signin=google, as no local record
 * says so yet) then asks POST /v1/auth/refresh for a token.
 */
export const AFTER_GOOGLE = "/settings?signin=google";

/** Where a failed Google sign-in lands: the account page, with a short machine-readable reason. */
export const googleFailed = (reason: string) =>
  `/settings?signin=google-failed&reason=${encodeURIComponent(reason)}`;

/** better-auth's error codes are snake_case words; anything else is not passed on to a page. */
const failedQuery = z.object({ error: z.string().regex(/^[a-z0-9_]{1,64}$/) });

/** Headers better-auth's callback must not see from the client, and ones a reply recomputes. */
const CLIENT_IP_HEADER = "x-client-ip";
const NOT_COPIED = new Set(["set-cookie", "content-length", "transfer-encoding", "connection", "keep-alive"]);

const clientOf = (request: FastifyRequest): ClientFacts => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"],
});

/**
 * Google sign-in in the browser (decision 0019): start → Google (or the sandbox's stand-in) →
 * better-auth's callback → finish, where better-auth's one-hop session becomes our refresh cookie.
 * These are navigations, not API calls: every outcome is a redirect to a page, never JSON.
 * Registered after registerAuthRoutes, whose hook keeps every /v1/auth answer out of caches.
 */
export function registerGoogleRoutes(
  app: FastifyInstance,
  identity: Identity,
  options: { https: boolean; now?: () => number },
): void {
  const cookie: RefreshCookie = refreshCookie(options.https);
  const now = options.now ?? Date.now;

  app.get(GOOGLE_START_PATH, async (request, reply) => {
    try {
      const start = await identity.startExternalSignIn(GOOGLE_FINISH_PATH, clientOf(request));
      for (const value of start.setCookies) reply.header("set-cookie", value);
      return reply.redirect(start.url, 302);
    } catch (error) {
      // better-auth refuses when the provider is unknown to it: discovery failed at start and again now.
      if (!(error instanceof APIError)) throw error;
      request.log.error({ err: error }, "Google sign-in could not start");
      return reply.redirect(googleFailed("unavailable"), 303);
    }
  });

  // The only route through better-auth's own handler: it sets and reads its state cookie, checks
  // state, exchanges the code with the PKCE verifier, checks the ID token and applies the linking
  // rules, then redirects to the finish (or to GOOGLE_FAILED_PATH with ?error=).
  app.get(GOOGLE_CALLBACK_PATH, async (request, reply) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === CLIENT_IP_HEADER) continue;
      headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    // The client's address by our TRUSTED_PROXIES rule, in the one header better-auth reads it from.
    headers.set(CLIENT_IP_HEADER, request.ip);
    const response = await identity.externalCallback(request.url, headers);
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (!NOT_COPIED.has(name)) reply.header(name, value);
    });
    for (const value of response.headers.getSetCookie()) reply.header("set-cookie", value);
    const body = Buffer.from(await response.arrayBuffer());
    return body.length > 0 ? reply.send(body) : reply.send();
  });

  app.get(GOOGLE_FINISH_PATH, async (request, reply) => {
    const finish = await identity.finishExternalSignIn(request.headers.cookie);
    reply.header("set-cookie", finish.clearCookie);
    if (finish.refresh === null) return failed(reply, "no_session");
    cookie.set(reply, finish.refresh.value, finish.refresh.expiresAt, now());
    return reply.redirect(AFTER_GOOGLE, 303);
  });

  app.get(GOOGLE_FAILED_PATH, async (request, reply) => {
    const parsed = failedQuery.safeParse(request.query ?? {});
    return failed(reply, parsed.success ? parsed.data.error : "unknown");
  });

  function failed(reply: FastifyReply, reason: string): FastifyReply {
    return reply.redirect(googleFailed(reason), 303);
  }
}
