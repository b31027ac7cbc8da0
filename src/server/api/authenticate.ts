import type { FastifyReply, FastifyRequest } from "fastify";
import type { Caller, Identity } from "../../identity/identity.ts";
import { ApiError } from "./api-error.ts";

/**
 * The authenticate step of an authenticated call (SPEC §6, §7): the identity token from
 * `Authorization: Bearer`, checked against our keys and the session it came from. No token, or one
 * that does not hold: 401.
 */
export async function authenticate(request: FastifyRequest, identity: Identity): Promise<Caller> {
  const header = request.headers.authorization;
  const token = header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : "";
  const caller = token === "" ? null : await identity.authenticate(token);
  if (caller === null)
    throw new ApiError(401, "unauthenticated", "sign in: this call needs a valid identity token");
  return caller;
}

/**
 * For calls that anyone may make but a signed-in caller sees more of (a private list of their
 * own): the caller when a token is sent, null when none is; a token sent that does not hold is
 * still a 401, so a stale page learns it must refresh. The answer depends on the Authorization
 * header, so it says so (`Vary: Authorization`): a shared cache may keep the anonymous answer
 * but must never hand it to, or take it from, a signed-in caller (issue 27).
 */
export async function authenticateIfSent(
  request: FastifyRequest,
  reply: FastifyReply,
  identity: Identity,
): Promise<Caller | null> {
  varyOn(reply, "authorization");
  if (request.headers.authorization === undefined) return null;
  return authenticate(request, identity);
}

/** Adds a request header to the answer's Vary, keeping what is there (compression adds its own). */
export function varyOn(reply: FastifyReply, header: string): void {
  const vary = reply.getHeader("vary");
  const present = String(vary ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase());
  if (present.includes(header.toLowerCase())) return;
  reply.header("vary", vary ? `${String(vary)}, ${header}` : header);
}
