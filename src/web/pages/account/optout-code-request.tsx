import { useEffect, useRef, useState } from "react";
import { ProblemMessage } from "../../components/account/form-parts.tsx";
import type { ApiProblem } from "../../lib/account/api-answer.ts";
import { postPublic } from "../../lib/account/public-calls.ts";

/** What POST /v1/optout answers a visitor who is not the performer's verified account (decision 0044). */
interface OptoutCode {
  performer: string;
  optOut: boolean;
  code: string;
  expiresAt: string;
  message: string;
}

/**
 * /optout/{user} without the verified account (SPEC §7, decision 0044): a one-time code the
 * performer puts in the room subject or about-me. The page cannot see the code work (nothing ties
 * the visitor to the performer), so it does not poll: the performer's pages going away is the sign.
 */
export function OptoutCodeRequest({ performer }: { performer: string }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [answer, setAnswer] = useState<OptoutCode | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The code takes the focus as it appears: a screen reader reads it next.
  useEffect(() => {
    if (answer !== null) heading.current?.focus();
  }, [answer]);

  const ask = async (optOut: boolean) => {
    setBusy(true);
    setProblem(null);
    // No token: the code is the proof, so the call is the same for everyone (SPEC §7).
    const outcome = await postPublic<OptoutCode>("/v1/optout", { performer, optOut });
    setBusy(false);
    if (!outcome.ok) {
      setProblem(outcome.problem);
      return;
    }
    if (outcome.body !== null) setAnswer(outcome.body);
  };

  if (answer !== null) {
    const action = answer.optOut ? `opt ${answer.performer} out` : `opt ${answer.performer} back in`;
    return (
      <section className="account-section" aria-labelledby="optout-code">
        <h2 id="optout-code" ref={heading} tabIndex={-1}>
          The code to {action}
        </h2>
        <p className="claim-code">
          <span className="sr-only">The code: </span>
          <code>{answer.code}</code>
        </p>
        <p>{answer.message}</p>
        <p>
          The code works until{" "}
          <time dateTime={answer.expiresAt}>
            {new Date(answer.expiresAt).toLocaleString(undefined, { dateStyle: "long", timeStyle: "short" })}
          </time>
          . This page does not change when it has worked: {answer.performer}'s pages here going away (or
          coming back) is the sign.
        </p>
        <p>
          <button
            type="button"
            className="account-button account-button--secondary"
            onClick={() => setAnswer(null)}
          >
            Back
          </button>
        </p>
      </section>
    );
  }

  return (
    <section className="account-section" aria-labelledby="optout-without-account" aria-busy={busy}>
      <h2 id="optout-without-account">Without an account</h2>
      <p>
        Get a code, put it in {performer}'s room subject or about-me on the platform, and {performer} is opted
        out within minutes of our collector seeing it. Only {performer} can change that text, so nobody else
        can use the code.
      </p>
      <ProblemMessage problem={problem} />
      <div className="claim-actions">
        <button type="button" className="account-button" onClick={() => ask(true)} disabled={busy}>
          Get a code to opt {performer} out
        </button>
        <button
          type="button"
          className="account-button account-button--secondary"
          onClick={() => ask(false)}
          disabled={busy}
        >
          Get a code to opt {performer} back in
        </button>
      </div>
    </section>
  );
}
