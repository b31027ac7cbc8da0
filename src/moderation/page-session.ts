import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/connect.ts";
import { keepModerationSession, moderationSessionUser } from "../db/queries/moderation-sessions.ts";
import { reviewerOf } from "./reviewer.ts";

/**
 * The /moderation page's cookie (decision 0041). Page requests carry no identity token (the
 * refresh cookie's path is /v1/auth: decision 0018), so a server-rendered page cannot tell who is
 * signed in. A moderator's sign-in and each refresh also set this cookie, scoped to /moderation,
 * HttpOnly and SameSite=Strict (a form posted from another site does not carry it); it holds a
 * random value whose hash is kept for the sign-in, and it ends with it.
 */
export const MODERATION_PATH = "/moderation";
export const moderationCookieName = (https: boolean) => (https ? "__Secure-cs_moderation" : "cs_moderation");

const hashOf = (value: string) => createHash("sha256").update(value).digest();

/** A new cookie value for a moderator's sign-in, or null when the account is not a moderator. */
export async function newModerationCookie(
  db: Db,
  caller: { userId: string; sessionId: string },
  moderatorEmails: readonly string[],
): Promise<string | null> {
  const reviewer = await reviewerOf(db, caller.userId, moderatorEmails);
  if (reviewer === null || reviewer.performerIds !== null) return null;
  const value = randomBytes(32).toString("base64url");
  await keepModerationSession(db, caller.sessionId, caller.userId, hashOf(value));
  return value;
}

/** The cookie's value in a Cookie header, either name (http or https). */
export function moderationCookieOf(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === moderationCookieName(false) || key === moderationCookieName(true))
      return rest.join("=") || null;
  }
  return null;
}

/**
 * The moderator a request's cookie names: an open sign-in of an account that is a moderator now
 * (MODERATOR_EMAILS is read at each request: removing an address ends the role at once). Null for
 * anyone else, signed out included.
 */
export async function moderatorOfRequest(
  db: Db,
  cookieHeader: string | null | undefined,
  moderatorEmails: readonly string[],
  now: Date,
): Promise<string | null> {
  const value = moderationCookieOf(cookieHeader);
  if (value === null || value.length > 100) return null;
  const userId = await moderationSessionUser(db, hashOf(value), now);
  if (userId === null) return null;
  const reviewer = await reviewerOf(db, userId, moderatorEmails);
  return reviewer !== null && reviewer.performerIds === null ? userId : null;
}
