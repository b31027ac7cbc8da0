import { useEffect, useMemo, useState } from "react";
import type { AccountSession } from "../../../lib/account/account-session.ts";
import type { ApiProblem } from "../../../lib/account/api-answer.ts";
import { problemOfError } from "../../../lib/account/performer-claim.ts";
import type { ProfileSettings } from "../../../lib/profile/profile-data.ts";
import { type ProfileCalls, profileCalls } from "./profile-calls.ts";

export type ProfileLoad =
  | { kind: "loading" }
  /** 403 not_verified: the account may not edit this performer (yet). */
  | { kind: "not-verified"; problem: ApiProblem }
  | { kind: "failed"; problem: ApiProblem }
  | { kind: "loaded"; settings: ProfileSettings };

/** The performer's profile as its verified owner edits it, read in the browser only. */
export function useProfileSettings(session: AccountSession, performer: string) {
  const calls: ProfileCalls = useMemo(() => profileCalls(session, performer), [session, performer]);
  const [load, setLoad] = useState<ProfileLoad>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the "Try again" button's trigger
  useEffect(() => {
    let current = true;
    setLoad({ kind: "loading" });
    calls.load().then(
      (settings) => current && setLoad({ kind: "loaded", settings }),
      (error: unknown) => {
        if (!current) return;
        const problem = problemOfError(error);
        setLoad(problem.status === 403 ? { kind: "not-verified", problem } : { kind: "failed", problem });
      },
    );
    return () => {
      current = false;
    };
  }, [calls, attempt]);
  return {
    load,
    calls,
    retry: () => setAttempt((n) => n + 1),
    /** Each call answers the whole profile: the latest answer is the page's. */
    saved: (settings: ProfileSettings) => setLoad({ kind: "loaded", settings }),
  };
}
