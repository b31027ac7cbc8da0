import type { FastifyReply } from "fastify";
import type { Db } from "../../db/connect.ts";
import { SESSION_DAYS } from "../../identity/auth.ts";
import type { Identity } from "../../identity/identity.ts";
import { MODERATION_PATH, moderationCookieName, newModerationCookie } from "../../moderation/page-session.ts";

/** What the sign-in routes do besides their own cookie: the /moderation page's, for a moderator. */
export interface ModerationCookie {
  /** After a sign-in or a refresh that gave `token`: a moderator gets a new cookie. */
  issue(reply: FastifyReply, token: string): Promise<void>;
  clear(reply: FastifyReply): void;
}

export function moderationCookie(
  db: Db,
  identity: Identity,
  moderatorEmails: readonly string[],
  https: boolean,
): ModerationCookie {
  const name = moderationCookieName(https);
  const attributes = `Path=${MODERATION_PATH}; HttpOnly; SameSite=Strict${https ? "; Secure" : ""}`;
  return {
    async issue(reply, token) {
      if (moderatorEmails.length === 0) return;
      const caller = await identity.authenticate(token);
      if (caller === null) return;
      const value = await newModerationCookie(db, caller, moderatorEmails);
      if (value !== null)
        reply.header("set-cookie", `${name}=${value}; ${attributes}; Max-Age=${SESSION_DAYS * 86_400}`);
    },
    clear(reply) {
      // Without moderators no such cookie was ever set.
      if (moderatorEmails.length === 0) return;
      reply.header("set-cookie", `${name}=; ${attributes}; Max-Age=0`);
    },
  };
}
