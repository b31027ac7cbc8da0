import { type FormEvent, useId, useState } from "react";
import {
  Field,
  NewPasswordField,
  PASSWORD_MIN_LENGTH,
  ProblemMessage,
  StatusMessage,
} from "../../components/account/form-parts.tsx";
import { SignInForms, type SignInMode } from "../../components/account/sign-in-forms.tsx";
import type { ApiProblem } from "../../lib/account/api-answer.ts";
import { postPublic } from "../../lib/account/public-calls.ts";

/**
 * Choose a new password with a reset link's token (/settings?reset={token}), then sign in with it.
 * An invalid or used link offers a new one.
 */
export function ResetPasswordForm({ token, onSignedIn }: { token: string; onSignedIn: () => void }) {
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [next, setNext] = useState<SignInMode | null>(null);
  const headingId = useId();
  if (next !== null) {
    return (
      <section className="account-section" aria-labelledby={headingId}>
        {next === "sign-in" && (
          <StatusMessage>
            <p>Your password is changed. Sign in with it now.</p>
          </StatusMessage>
        )}
        <SignInForms headingId={headingId} initialMode={next} onSignedIn={onSignedIn} />
      </section>
    );
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (password !== again) {
      setProblem({
        status: 0,
        code: "mismatch",
        message: "The two passwords differ.",
        retryAfterSeconds: null,
      });
      return;
    }
    setBusy(true);
    const outcome = await postPublic("/v1/auth/password-reset/confirm", { token, password });
    setBusy(false);
    if (outcome.ok) setNext("sign-in");
    else setProblem(outcome.problem);
  };
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Choose a new password</h2>
      <form className="account-form" onSubmit={submit} aria-busy={busy}>
        <NewPasswordField value={password} onChange={setPassword} />
        <Field
          label="The new password again"
          type="password"
          name="new-password-again"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          value={again}
          onChange={(event) => setAgain(event.currentTarget.value)}
        />
        <ProblemMessage problem={problem}>
          {problem?.code === "invalid_token" && (
            <button type="button" className="account-link-button" onClick={() => setNext("reset-request")}>
              Ask for a new link
            </button>
          )}
        </ProblemMessage>
        <button type="submit" className="account-button" disabled={busy}>
          {busy ? "Saving…" : "Save the new password"}
        </button>
      </form>
    </section>
  );
}
