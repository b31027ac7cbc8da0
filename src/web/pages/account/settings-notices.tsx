import { type FormEvent, useState } from "react";
import { Field, ProblemMessage, StatusMessage } from "../../components/account/form-parts.tsx";
import type { ApiProblem } from "../../lib/account/api-answer.ts";
import { postPublic } from "../../lib/account/public-calls.ts";
import type { EmailOutcome, SettingsNotice } from "./settings-params.ts";

const EMAIL_TEXT: Record<EmailOutcome, string> = {
  verified: "Your e-mail address is confirmed. You can sign in now.",
  "already-used":
    "This confirmation link has been used already, so your address is confirmed. Sign in to continue.",
  expired: "This confirmation link has expired: links work for 24 hours.",
  invalid: "This confirmation link does not work. Check that you copied all of it, or ask for a new one.",
};

/** The banners a confirmation link or a Google sign-in leaves on /settings. */
export function SettingsNotices({ notice }: { notice: SettingsNotice }) {
  return (
    <>
      {notice.email !== null && (
        <div
          className={`account-banner${notice.email === "verified" || notice.email === "already-used" ? " account-banner--good" : ""}`}
          role="status"
        >
          <p>{EMAIL_TEXT[notice.email]}</p>
          {(notice.email === "expired" || notice.email === "invalid") && <ResendConfirmation />}
        </div>
      )}
      {notice.googleFailed !== null && (
        <div className="account-banner" role="status">
          <p>
            Signing in with Google did not work
            {notice.googleFailed.reason !== null && (
              <> ({notice.googleFailed.reason.replace(/[_-]/g, " ")})</>
            )}
            . Try again, or sign in with your e-mail address and password.
          </p>
        </div>
      )}
    </>
  );
}

/** "Send the link again" (POST /v1/auth/resend-confirmation): the same answer for any address. */
export function ResendConfirmation() {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const outcome = await postPublic("/v1/auth/resend-confirmation", { email: email.trim() });
    setBusy(false);
    if (outcome.ok) setDone(outcome.body?.message ?? "We sent the link again.");
    else setProblem(outcome.problem);
  };
  if (done !== null) return <p>{done}</p>;
  return (
    <form className="account-form account-form--inline" onSubmit={submit} aria-label="Send the link again">
      <Field
        label="Address to send the link to"
        type="email"
        name="email"
        autoComplete="email"
        required
        maxLength={254}
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
      />
      <ProblemMessage problem={problem} />
      <button type="submit" className="account-button" disabled={busy}>
        Send the link again
      </button>
      {busy && <StatusMessage>Sending…</StatusMessage>}
    </form>
  );
}
