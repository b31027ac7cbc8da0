import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { listAlertsOf, setListAlerts, turnOffListAlerts } from "../../db/queries/list-alerts.ts";
import type { Identity } from "../../identity/identity.ts";
import { DIGEST_SCOPE, verifyAlertToken } from "../../lists/alert-token.ts";
import { LIST_ID_PATTERN } from "../../lists/list-rules.ts";
import { SMALL_FORM_POLICY } from "../../site/content-security-policy.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { authenticate } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { unsubscribePage } from "./list-alerts-page.ts";
import { LIST_NOT_FOUND } from "./lists.ts";

const listId = z.string({ error: "expected a list id" }).regex(LIST_ID_PATTERN, "expected a list id");
const alerts = z.enum(["off", "each", "digest"], { error: 'expected alerts: "off", "each" or "digest"' });
const setBody = z.object({ listId, alerts });
const tokenQuery = z.object({
  token: z
    .string({ error: "expected the token of an unsubscribe link" })
    .max(300, "expected a shorter token"),
});

export const INVALID_UNSUBSCRIBE_LINK =
  "This unsubscribe link is not valid: it may have been cut short or changed. Use the whole link from the mail, or change the alerts on the list's page.";
export const UNSUBSCRIBED_FROM_LIST = "Done: you will get no more go-live mails for this list.";
export const UNSUBSCRIBED_FROM_DIGEST = "Done: you will get no more daily digests of your lists.";

/** A mail client's one-click POST is a form; its body says nothing the token does not (RFC 8058). */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const FORM_BODY_LIMIT = 4096;

const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? "");

/** The small HTML answer of the unsubscribe page: no script, nothing cached, its own policy. */
function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header("cache-control", "no-store")
    .header("content-security-policy", SMALL_FORM_POLICY)
    .type("text/html; charset=utf-8")
    .send(html);
}

/**
 * Go-live alerts' calls (issue 18, decision 0020): a watcher's choice per list (Bearer), and the
 * unsubscribe link of the mails, which needs no sign-in: its signed token names the user and the
 * list (or every digest). POST is RFC 8058's one-click; GET is a page with a button that POSTs, so
 * that a link scanner following the GET changes nothing.
 */
export function registerListAlerts(app: FastifyInstance, db: Db, identity: Identity, tokenKey: Buffer): void {
  const noStore = { "cache-control": "private, no-store" };

  app.post("/v1/list_alerts", async (request, reply) => {
    const body = parseInput(setBody, request.body);
    const caller = await authenticate(request, identity);
    const change = await setListAlerts(db, caller.userId, body.listId, body.alerts);
    if (change !== "ok") throw new ApiError(404, "list_not_found", LIST_NOT_FOUND);
    return reply.headers(noStore).send({ listId: body.listId, watching: true, alerts: body.alerts });
  });

  app.get("/v1/list_alerts", async (request, reply) => {
    const caller = await authenticate(request, identity);
    return reply.headers(noStore).send({ alerts: await listAlertsOf(db, caller.userId) });
  });

  void app.register(async (scope) => {
    for (const type of FORM_TYPES) {
      scope.addContentTypeParser(type, { parseAs: "string", bodyLimit: FORM_BODY_LIMIT }, (_r, body, done) =>
        done(null, body),
      );
    }

    /** The token's user and scope; a bad one is a 400, as a page or in the API's shape. */
    const verified = (request: FastifyRequest, reply: FastifyReply) => {
      const { token } = parseInput(tokenQuery, request.query);
      const named = verifyAlertToken(tokenKey, token);
      if (named !== null) return { token, ...named };
      if (wantsHtml(request)) sendPage(reply, 400, unsubscribePage({ kind: "invalid" }));
      else throw new ApiError(400, "invalid_token", INVALID_UNSUBSCRIBE_LINK, "token");
      return null;
    };

    scope.post("/v1/list_alerts/unsubscribe", async (request, reply) => {
      const named = verified(request, reply);
      if (named === null) return reply;
      const digest = named.scope === DIGEST_SCOPE;
      await turnOffListAlerts(db, named.userId, digest ? null : named.scope);
      if (wantsHtml(request)) return sendPage(reply, 200, unsubscribePage({ kind: "done", digest }));
      return reply.headers(noStore).send({
        unsubscribed: true,
        message: digest ? UNSUBSCRIBED_FROM_DIGEST : UNSUBSCRIBED_FROM_LIST,
      });
    });

    scope.get("/v1/list_alerts/unsubscribe", async (request, reply) => {
      const named = verified(request, reply);
      if (named === null) return reply;
      return sendPage(
        reply,
        200,
        unsubscribePage({ kind: "ask", token: named.token, digest: named.scope === DIGEST_SCOPE }),
      );
    });
  });
}

export const LIST_ALERTS_DOCS: RouteDoc[] = [
  {
    method: "post",
    path: "/v1/list_alerts",
    summary:
      'Choose go-live mail for a list the caller may see, watching it: "each" (a mail as each performer goes live, at most one a performer every 6 hours), "digest" (one a day at 08:00 UTC) or "off" (Bearer)',
    body: setBody,
    responses: {
      "200": '{ listId, watching: true, alerts: "off" | "each" | "digest" }',
      "400": "a bad list id or choice",
      "401": "no valid identity token",
      "404": "no such list the caller may see",
    },
  },
  {
    method: "get",
    path: "/v1/list_alerts",
    summary: "The caller's choice of go-live mail for each list they watch (Bearer)",
    responses: {
      "200": '{ alerts: { [listId]: "off" | "each" | "digest" } }',
      "401": "no valid identity token",
    },
  },
  {
    method: "post",
    path: "/v1/list_alerts/unsubscribe",
    summary:
      "One-click unsubscribe (RFC 8058) from a go-live mail's link: no sign-in, the signed token names the user and the list (or every daily digest); a form body List-Unsubscribe=One-Click is accepted and not needed. GET shows a page with a button",
    query: tokenQuery,
    responses: {
      "200": "{ unsubscribed: true, message } (a page when the client asks for text/html)",
      "400": "a token that is malformed or not ours",
    },
  },
  {
    method: "get",
    path: "/v1/list_alerts/unsubscribe",
    summary:
      "The page a go-live mail's unsubscribe link opens (text/html, no sign-in): a button that POSTs the same token",
    query: tokenQuery,
    responses: {
      "200": "the page, in text/html",
      "400": "a token that is malformed or not ours (a page when the client asks for text/html)",
    },
  },
];
