import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { confirmOwnOptout, withdrawOptout } from "../../db/queries/optouts.ts";
import { claimOf, ownerOf, requestClaim } from "../../db/queries/performer-claims.ts";
import { findPerformerEvenOptedOut } from "../../db/queries/performer-lookup.ts";
import type { Caller, Identity } from "../../identity/identity.ts";
import {
  CLAIM_TTL_MS,
  type ClaimStatus,
  claimStatus,
  MAX_PENDING_CLAIMS,
  newClaimCode,
} from "../../profiles/claim-rules.ts";
import { OPTOUT_CODES_PER_ADDRESS_HOUR } from "../../profiles/optout-code-rules.ts";
import { modelNameParam } from "../../site/performer-name.ts";
import { ApiError, parseInput, unknownPerformer } from "../api/api-error.ts";
import { authenticate, authenticateIfSent } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { optoutCodeIssuer } from "./optout-code-issuer.ts";

const performerBody = z.object({ performer: modelNameParam });
const performerQuery = z.object({ performer: modelNameParam });
const optoutBody = z.object({ performer: modelNameParam, optOut: z.boolean().default(true) });

export const TOO_MANY_CLAIMS = `You have ${MAX_PENDING_CLAIMS} claims waiting for their code to be seen, the most an account may. Wait until one is verified or expires (48 hours after it was made).`;
/** A claim as the caller sees it (GET and POST /v1/verify_account). */
export interface ClaimView {
  performer: string;
  status: ClaimStatus;
  code: string | null;
  expiresAt: string | null;
  lastCheckedAt: string | null;
  verifiedAt: string | null;
  optedOut: boolean;
}

/**
 * Proof of ownership and the opt-out (SPEC §7, issue 19, decision 0021): POST /v1/verify_account
 * gives the caller a one-time code for a performer, GET shows the claim's state, and POST
 * /v1/optout opts a performer out (or back in) at once for their verified account, and gives
 * anyone else a one-time opt-out code (decision 0044). Handlers keep the one order: validate,
 * authenticate, authorize, query, respond.
 */
export function registerPerformerClaims(
  app: FastifyInstance,
  db: Db,
  identity: Identity,
  now: () => number = Date.now,
): void {
  const noStore = { "cache-control": "private, no-store" };
  const issueCode = optoutCodeIssuer(db, now);

  /** The performer a claim names: unknown, or opted out and not the caller's, is the API's 404. */
  const claimable = async (name: string, caller: Caller) => {
    const performer = await findPerformerEvenOptedOut(db, name);
    if (performer === null) throw unknownPerformer(name);
    const owner = await ownerOf(db, performer.performerId);
    const isOwner = owner === caller.userId;
    if (performer.optedOut && !isOwner) throw unknownPerformer(name);
    return { ...performer, isOwner };
  };

  const view = async (
    performer: { performerId: number; username: string; optedOut: boolean; isOwner: boolean },
    userId: string,
  ): Promise<ClaimView> => {
    const claim = await claimOf(db, userId, performer.performerId);
    const status = claimStatus(claim, performer.isOwner, new Date(now()));
    const shown = status === "none" ? null : claim;
    return {
      performer: performer.username,
      status,
      code: status === "waiting" ? (shown?.code ?? null) : null,
      expiresAt:
        status === "waiting" || status === "expired" ? (shown?.expiresAt.toISOString() ?? null) : null,
      lastCheckedAt: shown?.lastCheckedAt?.toISOString() ?? null,
      verifiedAt: status === "verified" ? (shown?.verifiedAt?.toISOString() ?? null) : null,
      optedOut: performer.optedOut,
    };
  };

  app.post("/v1/verify_account", async (request, reply) => {
    const body = parseInput(performerBody, request.body);
    const caller = await authenticate(request, identity);
    const performer = await claimable(body.performer, caller);
    if (!performer.isOwner) {
      const requested = await requestClaim(db, {
        userId: caller.userId,
        performerId: performer.performerId,
        now: new Date(now()),
        ttlMs: CLAIM_TTL_MS,
        maxPending: MAX_PENDING_CLAIMS,
        newCode: newClaimCode,
      });
      if (requested.kind === "tooMany") throw new ApiError(409, "too_many_claims", TOO_MANY_CLAIMS);
    }
    return reply.headers(noStore).send(await view(performer, caller.userId));
  });

  app.get("/v1/verify_account", async (request, reply) => {
    const query = parseInput(performerQuery, request.query);
    const caller = await authenticate(request, identity);
    const performer = await claimable(query.performer, caller);
    return reply.headers(noStore).send(await view(performer, caller.userId));
  });

  app.post("/v1/optout", async (request, reply) => {
    const body = parseInput(optoutBody, request.body);
    const caller = await authenticateIfSent(request, reply, identity);
    const performer = await findPerformerEvenOptedOut(db, body.performer);
    const owner = performer === null ? null : await ownerOf(db, performer.performerId);
    if (caller === null || performer === null || owner !== caller.userId) {
      const answer = await issueCode(request, reply, body.performer, body.optOut);
      return reply.code(202).headers(noStore).send(answer);
    }
    if (body.optOut) await confirmOwnOptout(db, performer, new Date(now()));
    else await withdrawOptout(db, performer.username);
    return reply.headers(noStore).send({
      performer: performer.username,
      optedOut: body.optOut,
      status: body.optOut ? "confirmed" : "withdrawn",
    });
  });
}

/** Without accounts every opt-out is by a code (decision 0044). */
export function registerOptoutWithoutAccounts(
  app: FastifyInstance,
  db: Db,
  now: () => number = Date.now,
): void {
  const issueCode = optoutCodeIssuer(db, now);
  app.post("/v1/optout", async (request, reply) => {
    const body = parseInput(optoutBody, request.body);
    const answer = await issueCode(request, reply, body.performer, body.optOut);
    return reply.code(202).header("cache-control", "private, no-store").send(answer);
  });
}

export const PERFORMER_CLAIMS_DOCS: RouteDoc[] = [
  {
    method: "post",
    path: "/v1/verify_account",
    summary:
      "Ask to be verified as a performer (Bearer): a one-time code CS-XXXX-XXXX, valid 48 h, to put in the room subject or about-me; asking again while it waits gives the same code. Answers { performer, status: none|waiting|verified|expired, code, expiresAt, lastCheckedAt, verifiedAt, optedOut }",
    body: performerBody,
    responses: {
      "200": "the claim",
      "400": "a bad field",
      "401": "no identity token, or one that does not hold",
      "404": "an unknown performer (or one who opted out)",
      "409": "too many claims waiting",
    },
  },
  {
    method: "get",
    path: "/v1/verify_account",
    summary: "The caller's claim on a performer (Bearer): as POST answers it, status none when there is none",
    query: performerQuery,
    responses: {
      "200": "the claim",
      "400": "a bad field",
      "401": "no identity token, or one that does not hold",
      "404": "an unknown performer (or one who opted out)",
    },
  },
  {
    method: "post",
    path: "/v1/optout",
    summary:
      "Opt a performer out of every public output (optOut: false opts back in). The performer's verified account (Bearer) does it at once; anyone else, with or without a token, gets a one-time code (CS-OUT-XXXX-XXXX, or CS-IN-… to opt back in) that works once the performer puts it in their room subject or about-me: the same code to everyone until it expires (24 to 72 h), at most " +
      `${OPTOUT_CODES_PER_ADDRESS_HOUR} requests an hour per client address`,
    body: optoutBody,
    responses: {
      "200": "done at once (the verified account): { performer, optedOut, status: confirmed|withdrawn }",
      "202":
        "nothing changed yet: { performer, optOut, status: code_issued, code, expiresAt, message } (also for a name we do not hold, with a code stored nowhere)",
      "400": "a bad field",
      "401": "an identity token that does not hold",
      "429": "too many code requests from this address: Retry-After says when to try again",
    },
  },
];
