import { useEffect, useState } from "react";
import { ProblemMessage, StatusMessage } from "../../components/account/form-parts.tsx";
import type { AccountSession } from "../../lib/account/account-session.ts";
import type { ApiProblem } from "../../lib/account/api-answer.ts";
import {
  agoText,
  type ClaimView,
  problemOfError,
  usePerformerClaim,
} from "../../lib/account/performer-claim.ts";

/** The signed-in part of /claim/{user}: the code, where to put it, and the live state of the check. */
export function ClaimPanel({ session, performer }: { session: AccountSession; performer: string }) {
  const { load, setLoad } = usePerformerClaim(session, performer);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const now = useNow();
  const ask = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const claim = await session.authedPost<ClaimView>("/v1/verify_account", { performer });
      setLoad({ kind: "loaded", claim });
    } catch (error) {
      setProblem(problemOfError(error));
    } finally {
      setBusy(false);
    }
  };

  if (load.kind === "loading") return <p aria-busy="true">Looking up your claim…</p>;
  if (load.kind === "unknown") {
    return (
      <ProblemMessage
        problem={{
          status: 404,
          code: "unknown_performer",
          message: `We have not seen a performer named ${performer}. A room is known here once our collector has seen it online.`,
          retryAfterSeconds: null,
        }}
      />
    );
  }
  if (load.kind === "failed") return <ProblemMessage problem={load.problem} />;
  const { claim } = load;

  if (claim.status === "verified") {
    return (
      <section className="account-section" aria-labelledby="claim-state">
        <h2 id="claim-state">Verified</h2>
        <StatusMessage>
          <p>This account is verified as {claim.performer}.</p>
        </StatusMessage>
        <p>
          You can now <a href={`/optout/${claim.performer}`}>opt {claim.performer} out of this site</a> (and
          back in) in one step, and edit your profile: about me, schedule, goals, links and pictures.
        </p>
        <p>
          <a href={`/${claim.performer}`}>Your performer page</a> ·{" "}
          <a href={`/claim/${claim.performer}/schedule`}>Set your schedule</a> ·{" "}
          <a href="/settings">Edit your profile</a>
        </p>
      </section>
    );
  }

  return (
    <section className="account-section" aria-labelledby="claim-state">
      <h2 id="claim-state">Your code</h2>
      {claim.status === "waiting" && claim.code !== null ? (
        <>
          <p className="claim-code">
            <span className="sr-only">Your code: </span>
            <code>{claim.code}</code>
          </p>
          <ol className="claim-steps">
            <li>
              On the platform, put <strong>{claim.code}</strong> anywhere in {claim.performer}'s room subject
              (while you are online) or in the about-me of your profile.
            </li>
            <li>Leave this page open, or come back: we look after every poll, about once a minute.</li>
            <li>Once we have seen it, this account is verified and you can take the code out again.</li>
          </ol>
          <div className="account-message" role="status" aria-live="polite">
            <p>
              <strong>Waiting:</strong> not seen yet. Last looked {agoText(claim.lastCheckedAt, now)}.
            </p>
            {claim.expiresAt !== null && (
              <p>
                The code works until{" "}
                <time dateTime={claim.expiresAt}>
                  {new Date(claim.expiresAt).toLocaleString(undefined, {
                    dateStyle: "long",
                    timeStyle: "short",
                  })}
                </time>
                .
              </p>
            )}
          </div>
        </>
      ) : (
        <>
          {claim.status === "expired" && (
            <p>Your last code expired before we saw it. Ask for a new one: it works for 48 hours.</p>
          )}
          <ProblemMessage problem={problem} />
          <button type="button" className="account-button" onClick={ask} disabled={busy}>
            {claim.status === "expired" ? "Get a new code" : "Get my code"}
          </button>
        </>
      )}
    </section>
  );
}

/** The time now, moved on every 15 s: "last looked 2 minutes ago" stays true between answers. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
