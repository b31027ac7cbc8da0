import { ProblemMessage, StatusMessage } from "../../../components/account/form-parts.tsx";
import type { ApiProblem } from "../../../lib/account/api-answer.ts";

/** A part's outcome: the server's problem (role=alert), or our line of success (role=status). */
export function PartMessages({ problem, done }: { problem: ApiProblem | null; done: string | null }) {
  return (
    <>
      <ProblemMessage problem={problem} />
      {done !== null && (
        <StatusMessage>
          <p>{done}</p>
        </StatusMessage>
      )}
    </>
  );
}
