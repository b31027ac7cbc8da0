import { useEffect, useRef, useState } from "react";
import { ProblemMessage, StatusMessage } from "../../components/account/form-parts.tsx";
import type { AccountSession } from "../../lib/account/account-session.ts";
import type { ApiProblem } from "../../lib/account/api-answer.ts";
import { problemOfError, usePerformerClaim } from "../../lib/account/performer-claim.ts";
import { OptoutCodeRequest } from "./optout-code-request.tsx";

/**
 * The signed-in part of /optout/{user}: the performer's verified account opts out (after one
 * confirmation) or back in; anyone else gets a one-time code, or is sent to prove it once.
 */
export function OptoutPanel({ session, performer }: { session: AccountSession; performer: string }) {
  const { load, read } = usePerformerClaim(session, performer);
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  // The confirmation takes the focus as it appears: it is the next thing to do.
  useEffect(() => {
    if (asked) confirm.current?.focus();
  }, [asked]);

  const send = async (optOut: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      await session.authedPost("/v1/optout", { performer, optOut });
      setDone(
        optOut
          ? `${performer} is opted out: gone from the search, the rankings and the pages now, and from every published file at the next publish. We no longer record the room.`
          : `${performer} is back: recorded again from the next poll, and shown again within minutes.`,
      );
      setAsked(false);
      await read();
    } catch (error) {
      setProblem(problemOfError(error));
    } finally {
      setBusy(false);
    }
  };

  if (load.kind === "loading") return <p aria-busy="true">Looking up {performer}…</p>;
  if (load.kind === "failed") return <ProblemMessage problem={load.problem} />;
  const claim = load.kind === "loaded" ? load.claim : null;

  if (claim === null || claim.status !== "verified") {
    return (
      <>
        <OptoutCodeRequest performer={performer} />
        <section className="account-section" aria-labelledby="optout-proof">
          <h2 id="optout-proof">Or prove once that you are {performer}</h2>
          <p>
            An account verified as {performer} opts out, and back in, in one step, with no code each time. The
            proof is the same: a code in your room subject or about-me, seen once by our collector.
          </p>
          <p>
            <a className="account-button account-button--secondary" href={`/claim/${performer}`}>
              Prove you are {performer}
            </a>
          </p>
        </section>
      </>
    );
  }

  return (
    <section className="account-section" aria-labelledby="optout-state">
      <h2 id="optout-state">{claim.optedOut ? `${performer} is opted out` : `Opt ${performer} out`}</h2>
      {done !== null && (
        <StatusMessage>
          <p>{done}</p>
        </StatusMessage>
      )}
      <ProblemMessage problem={problem} />
      {claim.optedOut ? (
        <>
          <p>
            {performer} is left out of every ranking, search, page and published file, and we do not record
            the room. You can come back at any time.
          </p>
          <button
            type="button"
            className="account-button account-button--secondary"
            onClick={() => send(false)}
            disabled={busy}
          >
            Opt {performer} back in
          </button>
        </>
      ) : !asked ? (
        <>
          <p>
            Opting out takes {performer} out of the search, the rankings and every page at once, out of every
            published file at the next publish, and off everyone's lists; we stop recording the room. You can
            opt back in later.
          </p>
          <button
            type="button"
            className="account-button account-button--danger"
            onClick={() => setAsked(true)}
          >
            Opt {performer} out…
          </button>
        </>
      ) : (
        <div className="account-form" aria-busy={busy}>
          <p>
            <strong>Leave {performer} out of this site?</strong> Lists lose {performer} for good; everything
            else comes back if you opt back in.
          </p>
          <div className="claim-actions">
            <button
              ref={confirm}
              type="button"
              className="account-button account-button--danger"
              onClick={() => send(true)}
              disabled={busy}
            >
              Yes, opt {performer} out
            </button>
            <button
              type="button"
              className="account-button account-button--secondary"
              onClick={() => setAsked(false)}
              disabled={busy}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
