import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/connect.ts";
import {
  decideItems,
  ITEM_KINDS,
  type ItemKind,
  type ItemRef,
  undoDecision,
} from "../../db/queries/moderation.ts";
import { MODERATION_PATH, moderatorOfRequest } from "../../moderation/page-session.ts";
import { DECIDE_MAX } from "./moderation.ts";

const FORM_BODY_LIMIT = 16 * 1024;

const hostOf = (origin: string) => {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
};

/** "tag:12" → the item; anything else → null. */
function itemOf(value: string): ItemRef | null {
  const match = /^(tag|summary|quote):([1-9]\d{0,15})$/.exec(value);
  if (match === null || !ITEM_KINDS.includes(match[1] as ItemKind)) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { kind: match[1] as ItemKind, id } : null;
}

/**
 * The /moderation page's forms (issue 30: the queue works without scripts): a plain form POST to
 * /moderation, answered 303 back to the page, which shows the queue as it now is. The moderator is
 * the page's cookie (decision 0041: SameSite=Strict, so another site's form does not carry it),
 * and a request whose Origin is another site is refused too. Anyone else gets the site's answer
 * for a page that does not exist.
 */
export function registerModerationForm(
  app: FastifyInstance,
  db: Db,
  moderatorEmails: readonly string[],
): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, new URLSearchParams(String(body))),
    );
    scope.post(MODERATION_PATH, async (request, reply) => {
      const origin = request.headers.origin;
      const sameSite = origin === undefined || hostOf(origin) === request.headers.host;
      const moderator = sameSite
        ? await moderatorOfRequest(db, request.headers.cookie, moderatorEmails, new Date())
        : null;
      if (moderator === null) return reply.callNotFound();
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      // A row's own button ("one": "approve tag:12") decides that item alone, whatever is ticked.
      const [oneAction, oneItem] = (form.get("one") ?? "").split(" ");
      const action = oneItem === undefined ? form.get("action") : oneAction;
      const items = (oneItem === undefined ? form.getAll("item") : [oneItem])
        .map(itemOf)
        .filter((i): i is ItemRef => i !== null)
        .slice(0, DECIDE_MAX);
      const reviewer = { userId: moderator, performerIds: null };
      if (action === "approve" || action === "reject") {
        await decideItems(db, items, action === "approve" ? "approved" : "rejected", reviewer);
      } else if (action === "undo") {
        for (const item of items) await undoDecision(db, item, reviewer);
      }
      return reply.header("cache-control", "no-store").redirect(MODERATION_PATH, 303);
    });
  });
}
