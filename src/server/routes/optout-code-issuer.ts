import { createHmac, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/connect.ts";
import { type AttemptRule, countAttemptIfAllowed, peekCount } from "../../db/queries/auth-limits.ts";
import { optoutCodeFor } from "../../db/queries/optout-codes.ts";
import { findPerformerEvenOptedOut } from "../../db/queries/performer-lookup.ts";
import { sharedSecret } from "../../db/queries/site-secrets.ts";
import {
  lookAlikeOptoutCode,
  newOptoutCode,
  OPTOUT_CODES_PER_ADDRESS_HOUR,
  type OptoutAction,
  optoutCodeExpiry,
} from "../../profiles/optout-code-rules.ts";
import { ApiError } from "../api/api-error.ts";

const HOUR_MS = 3_600_000;
const ADDRESS_RULE: AttemptRule = {
  windowMs: HOUR_MS,
  max: OPTOUT_CODES_PER_ADDRESS_HOUR,
  free: OPTOUT_CODES_PER_ADDRESS_HOUR,
  longestWaitS: 0,
};

export const TOO_MANY_CODE_REQUESTS = `This address asked for ${OPTOUT_CODES_PER_ADDRESS_HOUR} opt-out codes within the hour, the most we give. A performer needs only one: asking again for the same performer gives the same code.`;

/** What POST /v1/optout answers anyone but the performer's verified account (decision 0044). */
export interface OptoutCodeAnswer {
  performer: string;
  optOut: boolean;
  status: "code_issued";
  code: string;
  expiresAt: string;
  message: string;
}

/** Exactly what to do with the code, and what follows. */
export function optoutCodeMessage(performer: string, optOut: boolean, code: string, expiresAt: Date): string {
  const until = expiresAt.toISOString().replace(/\.\d{3}Z$/, "Z");
  const effect = optOut
    ? `${performer} is opted out: hidden from every page, ranking, list, search and file of this site, and no longer collected`
    : `${performer} is opted back in: collected and shown again`;
  return `Nothing has changed yet. Only ${performer} can do this: put the code ${code} in ${performer}'s room subject or about-me on the cam site (anywhere in the text, any case). Within minutes of our seeing it there, ${effect}. The code works once, only for ${performer}, until ${until}; it may be taken out again once it has worked. ${optOut ? "Opting back in" : "Opting out again"} takes the same proof, with its own code.`;
}

/**
 * Gives whoever asks a one-time code for a performer (decision 0044): counted per client address
 * on the shared counters (auth_rate_counters, under a keyed hash of the address), the same code to
 * everyone before its expiry, and for a name we do not hold a look-alike code, stored nowhere: an
 * answer never tells a performer who opted out (who needs a real code to come back) from a name
 * we never saw.
 */
export function optoutCodeIssuer(db: Db, now: () => number) {
  let secret: Promise<string> | null = null;
  const secretOf = () => {
    secret ??= sharedSecret(db, "optout-code-keys", () => randomBytes(32).toString("base64url")).catch(
      (error: unknown) => {
        secret = null;
        throw error;
      },
    );
    return secret;
  };

  /** Counts one request from the address; over the hour's limit, the 429 with Retry-After. */
  const countAddress = async (key: string, reply: FastifyReply, at: number) => {
    if ((await countAttemptIfAllowed(db, key, ADDRESS_RULE, new Date(at))) !== null) return;
    const row = await peekCount(db, key, HOUR_MS, new Date(at));
    const ends = (row?.windowStart.getTime() ?? at) + HOUR_MS;
    reply.header("retry-after", String(Math.max(1, Math.ceil((ends - at) / 1000))));
    throw new ApiError(429, "too_many_code_requests", TOO_MANY_CODE_REQUESTS);
  };

  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    optOut: boolean,
  ): Promise<OptoutCodeAnswer> => {
    const at = now();
    const keys = await secretOf();
    const address = createHmac("sha256", keys)
      .update(`optout-code-address\n${request.ip}`)
      .digest("base64url");
    await countAddress(`optout-code-address:${address}`, reply, at);
    const action: OptoutAction = optOut ? "out" : "in";
    const expiresAt = optoutCodeExpiry(at);
    const performer = await findPerformerEvenOptedOut(db, name);
    const code =
      performer === null
        ? lookAlikeOptoutCode(keys, name, action, expiresAt)
        : (
            await optoutCodeFor(db, {
              performerId: performer.performerId,
              action,
              expiresAt,
              now: new Date(at),
              newCode: () => newOptoutCode(action),
            })
          ).code;
    const username = performer?.username ?? name;
    return {
      performer: username,
      optOut,
      status: "code_issued",
      code,
      expiresAt: expiresAt.toISOString(),
      message: optoutCodeMessage(username, optOut, code, expiresAt),
    };
  };
}
