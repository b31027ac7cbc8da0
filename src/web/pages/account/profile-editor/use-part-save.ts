import { useState } from "react";
import type { ApiProblem } from "../../../lib/account/api-answer.ts";
import { problemOfError } from "../../../lib/account/performer-claim.ts";
import type { ProfileSettings } from "../../../lib/profile/profile-data.ts";

/**
 * One part of the profile form's call state: busy while a call runs, then the server's problem or
 * our line of success. Each part saves on its own, so each has its own.
 */
export function usePartSave(onSaved: (settings: ProfileSettings) => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = async (call: () => Promise<ProfileSettings>, success: string): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      onSaved(await call());
      setDone(success);
      return true;
    } catch (error) {
      setProblem(problemOfError(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const fail = (message: string) => {
    setDone(null);
    setProblem({ status: 0, code: "invalid_input", message, retryAfterSeconds: null });
  };
  return { busy, problem, done, run, fail };
}
