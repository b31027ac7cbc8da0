import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { ApiProblem } from "../../lib/account/api-answer.ts";
import { markGoogleSignInPending, useLoginStatus } from "../../lib/account/login-status.tsx";
import { postPublic, UNREACHABLE } from "../../lib/account/public-calls.ts";
import { useAnalytics } from "../../lib/analytics.ts";
import type { loader as rootLoader } from "../../root.tsx";
import {
  Field,
  NewPasswordField,
  PASSWORD_MIN_LENGTH,
  ProblemMessage,
  StatusMessage,
} from "./form-parts.tsx";

export type SignInMode = "sign-in" | "sign-up" | "reset-request";

const HEADINGS: Record<SignInMode, string> = {
  "sign-in": "Sign in",
  "sign-up": "Create an account",
  "reset-request": "Reset your password",
};

/**
 * Sign in, create an account, or ask for a password reset: one block, in the sign-in dialog and
 * inline on /settings, that switches between the three in place. Every message is the server's.
 */
export function SignInForms({
  headingId,
  headingLevel = 2,
  onSignedIn,
  initialMode = "sign-in",
}: {
  headingId: string;
  headingLevel?: 2 | 3;
  onSignedIn: () => void;
  initialMode?: SignInMode;
}) {
  const [mode, setMode] = useState<SignInMode>(initialMode);
  const [email, setEmail] = useState("");
  const first = useRef<HTMLInputElement>(null);
  const switched = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: mode is the trigger: a new form was mounted
  useEffect(() => {
    // After a switch, the new form's first field takes the focus (not on the first render: the
    // dialog's own focus handling, or the page, decides that).
    if (switched.current) first.current?.focus();
  }, [mode]);
  const switchTo = (next: SignInMode) => {
    switched.current = true;
    setMode(next);
  };
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="sign-in-forms">
      <Heading id={headingId} className="sign-in-forms__heading">
        {HEADINGS[mode]}
      </Heading>
      {mode === "sign-in" && (
        <SignInForm
          key="sign-in"
          email={email}
          setEmail={setEmail}
          first={first}
          onSignedIn={onSignedIn}
          switchTo={switchTo}
        />
      )}
      {mode === "sign-up" && (
        <SignUpForm key="sign-up" email={email} setEmail={setEmail} first={first} switchTo={switchTo} />
      )}
      {mode === "reset-request" && (
        <ResetRequestForm key="reset" email={email} setEmail={setEmail} first={first} switchTo={switchTo} />
      )}
    </div>
  );
}

interface FormProps {
  email: string;
  setEmail: (email: string) => void;
  first: RefObject<HTMLInputElement | null>;
  switchTo: (mode: SignInMode) => void;
}

function EmailField({ email, setEmail, first }: Pick<FormProps, "email" | "setEmail" | "first">) {
  return (
    <Field
      ref={first}
      label="E-mail address"
      type="email"
      name="email"
      autoComplete="email"
      required
      maxLength={254}
      value={email}
      onChange={(event) => setEmail(event.currentTarget.value)}
    />
  );
}

function SignInForm({
  email,
  setEmail,
  first,
  switchTo,
  onSignedIn,
}: FormProps & { onSignedIn: () => void }) {
  const { session } = useLoginStatus();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [resent, setResent] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (session === null || busy) return;
    setBusy(true);
    setProblem(null);
    setResent(null);
    const outcome = await session
      .signIn(email.trim(), password)
      .catch(() => ({ ok: false as const, problem: UNREACHABLE }));
    setBusy(false);
    if (outcome.ok) onSignedIn();
    else setProblem(outcome.problem);
  };
  const resend = async () => {
    const outcome = await postPublic("/v1/auth/resend-confirmation", { email: email.trim() });
    if (outcome.ok) setResent(outcome.body?.message ?? "We sent the link again.");
    else setProblem(outcome.problem);
  };
  return (
    <>
      <form className="account-form" onSubmit={submit} aria-busy={busy}>
        <EmailField email={email} setEmail={setEmail} first={first} />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <ProblemMessage problem={problem}>
          {problem?.code === "email_not_confirmed" && resent === null && (
            <button type="button" className="account-link-button" onClick={resend}>
              Send the link again
            </button>
          )}
        </ProblemMessage>
        {resent !== null && (
          <StatusMessage>
            <p>{resent}</p>
          </StatusMessage>
        )}
        <button type="submit" className="account-button" disabled={busy || session === null}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
      <div className="account-form__switches">
        <button type="button" className="account-link-button" onClick={() => switchTo("reset-request")}>
          Forgot password?
        </button>
        <button type="button" className="account-link-button" onClick={() => switchTo("sign-up")}>
          Create account
        </button>
      </div>
      <GoogleSignIn />
    </>
  );
}

function SignUpForm({ email, setEmail, first, switchTo }: FormProps) {
  const track = useAnalytics();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const outcome = await postPublic("/v1/auth/sign-up", { email: email.trim(), password });
    setBusy(false);
    if (!outcome.ok) return setProblem(outcome.problem);
    track("Sign up");
    setPassword("");
    setDone(outcome.body?.message ?? "Check your inbox for the link that confirms your address.");
  };
  return (
    <>
      {done === null ? (
        <form className="account-form" onSubmit={submit} aria-busy={busy}>
          <EmailField email={email} setEmail={setEmail} first={first} />
          <NewPasswordField
            label="Password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a good one.`}
            value={password}
            onChange={setPassword}
          />
          <ProblemMessage problem={problem} />
          <button type="submit" className="account-button" disabled={busy}>
            {busy ? "Creating your account…" : "Create account"}
          </button>
        </form>
      ) : (
        <StatusMessage>
          <p>{done}</p>
        </StatusMessage>
      )}
      <div className="account-form__switches">
        <button type="button" className="account-link-button" onClick={() => switchTo("sign-in")}>
          I have an account: sign in
        </button>
      </div>
    </>
  );
}

function ResetRequestForm({ email, setEmail, first, switchTo }: FormProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const outcome = await postPublic("/v1/auth/password-reset", { email: email.trim() });
    setBusy(false);
    if (!outcome.ok) return setProblem(outcome.problem);
    setDone(
      outcome.body?.message ?? "If the address has an account, a link to reset its password is on its way.",
    );
  };
  return (
    <>
      {done === null ? (
        <form className="account-form" onSubmit={submit} aria-busy={busy}>
          <p className="account-form__intro">We will send a link to choose a new password.</p>
          <EmailField email={email} setEmail={setEmail} first={first} />
          <ProblemMessage problem={problem} />
          <button type="submit" className="account-button" disabled={busy}>
            {busy ? "Sending…" : "Send the link"}
          </button>
        </form>
      ) : (
        <StatusMessage>
          <p>{done}</p>
        </StatusMessage>
      )}
      <div className="account-form__switches">
        <button type="button" className="account-link-button" onClick={() => switchTo("sign-in")}>
          Back to sign in
        </button>
      </div>
    </>
  );
}

/**
 * "Sign in with Google": a plain link to the provider (it must be a full page load, so it is kept
 * from the header's in-place navigation by target=_self), offered only when configured.
 */
export function GoogleSignIn() {
  const mode = useRouteLoaderData<typeof rootLoader>("root")?.googleSignIn ?? null;
  if (mode === null) return null;
  return (
    <div className="account-form__google">
      <a
        className="account-button account-button--secondary"
        href="/v1/auth/google/start"
        target="_self"
        onClick={markGoogleSignInPending}
      >
        Sign in with Google
      </a>
      {mode === "sandbox" && <p className="account-field__hint">The sandbox's local stand-in for Google.</p>}
    </div>
  );
}
