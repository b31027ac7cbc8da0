import { useCallback, useEffect, useState } from "react";
import type { AccountSession } from "./account-session.ts";
import { AccountCallError, type ApiProblem } from "./api-answer.ts";

/** GET and POST /v1/verify_account (decision 0021). */
export interface ClaimView {
  performer: string;
  status: "none" | "waiting" | "verified" | "expired";
  code: string | null;
  expiresAt: string | null;
  lastCheckedAt: string | null;
  verifiedAt: string | null;
  optedOut: boolean;
}

/** While a code waits, the page asks again this often: the collector looks about once a minute. */
export const CLAIM_POLL_MS = 15_000;

/** A performer name as the platform writes it: the page's address may have it in any case. */
export const performerOfParam = (param: string | undefined) => (param ?? "").trim().toLowerCase();

/** The problem an authenticated call's failure carries, or a plain one. */
export function problemOfError(error: unknown): ApiProblem {
  if (error instanceof AccountCallError) return error.problem;
  return {
    status: 0,
    code: "unreachable",
    message: "The site could not be reached. Try again.",
    retryAfterSeconds: null,
  };
}

export type ClaimLoad =
  | { kind: "loading" }
  | { kind: "unknown" }
  | { kind: "failed"; problem: ApiProblem }
  | { kind: "loaded"; claim: ClaimView };

/**
 * The signed-in user's claim on a performer, read in the browser (nothing personal is rendered on
 * the server) and read again every CLAIM_POLL_MS while its code waits to be seen.
 */
export function usePerformerClaim(session: AccountSession | null, performer: string) {
  const [load, setLoad] = useState<ClaimLoad>({ kind: "loading" });
  const read = useCallback(async () => {
    if (session === null) return;
    try {
      const claim = await session.authedGet<ClaimView>(
        `/v1/verify_account?performer=${encodeURIComponent(performer)}`,
      );
      setLoad({ kind: "loaded", claim });
    } catch (error) {
      const problem = problemOfError(error);
      setLoad(problem.status === 404 ? { kind: "unknown" } : { kind: "failed", problem });
    }
  }, [session, performer]);
  useEffect(() => {
    void read();
  }, [read]);
  const waiting = load.kind === "loaded" && load.claim.status === "waiting";
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void read(), CLAIM_POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, read]);
  return { load, setLoad, read };
}

/** "3 minutes ago", "just now": when the collector last looked, in the reader's words. */
export function agoText(iso: string | null, now: number): string {
  if (iso === null) return "not yet";
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.round(minutes / 60);
  return `${hours} hour${hours === 1 ? "" : "s"} ago`;
}
