import { createHmac, timingSafeEqual } from "node:crypto";
import { LIST_ID_PATTERN } from "./list-rules.ts";

/**
 * The unsubscribe links of go-live alerts (RFC 8058 one-click): a token naming one user and what
 * to stop, signed with HMAC-SHA256, so the link works without signing in and nobody can forge one
 * for someone else. It never expires: an unsubscribe link in an old mail must still work.
 *
 * What it stops: one list's alerts (`scope` is the list's id), or every daily digest of the user
 * (`scope` is DIGEST_SCOPE, which no list id can be: those are 12 characters).
 */
export const DIGEST_SCOPE = "digest";

export interface AlertToken {
  userId: string;
  /** A list id, or DIGEST_SCOPE. */
  scope: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;

/**
 * The key of the tokens, derived from the site's auth secret (src/identity/auth-secret.ts, passed
 * in by the composition layer and the server): its own key, so a token of this kind can never pass
 * for any other signature the secret makes.
 */
export function alertTokenKey(authSecret: string): Buffer {
  return createHmac("sha256", authSecret).update("camstats list-alert unsubscribe v1").digest();
}

const macOf = (key: Buffer, userId: string, scope: string) =>
  createHmac("sha256", key).update(`${userId}\n${scope}`).digest("base64url");

/** `{userId}.{scope}.{mac}`: URL-safe as it is (a uuid, base62 or "digest", base64url). */
export function signAlertToken(key: Buffer, token: AlertToken): string {
  return `${token.userId}.${token.scope}.${macOf(key, token.userId, token.scope)}`;
}

/** The user and scope a token names, or null when it is malformed or its signature does not hold. */
export function verifyAlertToken(key: Buffer, token: string): AlertToken | null {
  const [userId, scope, mac, ...rest] = token.split(".");
  if (userId === undefined || scope === undefined || mac === undefined || rest.length > 0) return null;
  if (!UUID.test(userId) || !(scope === DIGEST_SCOPE || LIST_ID_PATTERN.test(scope)) || !MAC.test(mac))
    return null;
  const expected = Buffer.from(macOf(key, userId, scope));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, scope } : null;
}
