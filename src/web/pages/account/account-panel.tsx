import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  Field,
  NewPasswordField,
  ProblemMessage,
  StatusMessage,
} from "../../components/account/form-parts.tsx";
import type { AccountSession } from "../../lib/account/account-session.ts";
import { AccountCallError, type ApiProblem } from "../../lib/account/api-answer.ts";
import type { UserRecord } from "../../lib/account/user-record.ts";
import { PerformerProfileSection } from "./profile-editor/profile-section.tsx";
import { SignedInDevices } from "./signed-in-devices.tsx";

/** GET /v1/account. */
export interface AccountDetails {
  email: string;
  emailVerified: boolean;
  createdAt: string;
  signInMethods: ("password" | "google")[];
}

const METHOD_NAMES = { password: "E-mail and password", google: "Google" } as const;

/** The problem an authenticated call's failure carries, or a plain one. */
function problemOfError(error: unknown): ApiProblem {
  if (error instanceof AccountCallError) return error.problem;
  return {
    status: 0,
    code: "unreachable",
    message: "The site could not be reached. Try again.",
    retryAfterSeconds: null,
  };
}

/** The signed-in part of /settings: all of it from authenticated calls, in the browser only. */
export function AccountPanel({ session, user }: { session: AccountSession; user: UserRecord }) {
  const [account, setAccount] = useState<AccountDetails | "failed" | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the "Try again" button's trigger
  useEffect(() => {
    let current = true;
    session.authedGet<AccountDetails>("/v1/account").then(
      (details) => current && setAccount(details),
      (error: unknown) => {
        console.error(error);
        if (current) setAccount("failed");
      },
    );
    return () => {
      current = false;
    };
  }, [session, attempt]);
  const details = typeof account === "object" ? account : null;
  const email = details?.email ?? user.email;
  const passwordAccount = details === null || details.signInMethods.includes("password");
  return (
    <>
      <section className="account-section" aria-labelledby="account-heading">
        <h2 id="account-heading">Your account</h2>
        <dl className="account-facts" aria-busy={account === null}>
          <dt>E-mail address</dt>
          <dd className="account-facts__email">{email}</dd>
          {details !== null && (
            <>
              <dt>Address confirmed</dt>
              <dd>{details.emailVerified ? "Yes" : "Not yet: follow the link we mailed you"}</dd>
              <dt>Member since</dt>
              <dd>
                <time dateTime={details.createdAt}>
                  {new Date(details.createdAt).toLocaleDateString(undefined, { dateStyle: "long" })}
                </time>
              </dd>
              <dt>Sign-in methods</dt>
              <dd>{details.signInMethods.map((method) => METHOD_NAMES[method] ?? method).join(", ")}</dd>
            </>
          )}
        </dl>
        {account === "failed" && (
          <div className="account-message account-message--problem" role="alert">
            <p>Your account's details could not be loaded.</p>
            <button type="button" className="account-link-button" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        )}
      </section>
      {details !== null && passwordAccount && <ChangePassword session={session} />}
      {details !== null && <SignedInDevices session={session} passwordAccount={passwordAccount} />}
      <SignOutEverywhere session={session} />
      <section className="account-section" aria-labelledby="lists-heading">
        <h2 id="lists-heading">Your lists</h2>
        <p>
          The lists of performers you keep and the ones you watch, public or private, are kept on{" "}
          <Link to="/mylists">the lists page, under your own lists</Link>. Favourites from the platform come
          in with <Link to="/lists/import">an import</Link>.
        </p>
      </section>
      <PerformerProfileSection session={session} />
      {details !== null && <DeleteAccount session={session} details={details} />}
    </>
  );
}

function ChangePassword({ session }: { session: AccountSession }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    setDone(false);
    try {
      await session.authedPost("/v1/account/password", { currentPassword: current, newPassword: next });
      setCurrent("");
      setNext("");
      setDone(true);
    } catch (error) {
      setProblem(problemOfError(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="account-section" aria-labelledby="password-heading">
      <h2 id="password-heading">Change your password</h2>
      <form className="account-form" onSubmit={submit} aria-busy={busy}>
        <Field
          label="Current password"
          type="password"
          name="current-password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.currentTarget.value)}
        />
        <NewPasswordField value={next} onChange={setNext} />
        <ProblemMessage problem={problem} />
        {done && (
          <StatusMessage>
            <p>Your password is changed.</p>
          </StatusMessage>
        )}
        <button type="submit" className="account-button" disabled={busy}>
          Change password
        </button>
      </form>
    </section>
  );
}

function SignOutEverywhere({ session }: { session: AccountSession }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const signOutEverywhere = async () => {
    setProblem(null);
    try {
      await session.authedPost("/v1/auth/sign-out-everywhere", {});
      session.signOutLocally();
      navigate("/logout");
    } catch (error) {
      setProblem(problemOfError(error));
    }
  };
  return (
    <section className="account-section" aria-labelledby="everywhere-heading">
      <h2 id="everywhere-heading">Sign out everywhere</h2>
      <p>Ends your sign-in in every browser and on every device, this one included.</p>
      <ProblemMessage problem={problem} />
      <button type="button" className="account-button account-button--secondary" onClick={signOutEverywhere}>
        Sign out everywhere
      </button>
    </section>
  );
}

function DeleteAccount({ session, details }: { session: AccountSession; details: AccountDetails }) {
  const navigate = useNavigate();
  const [asked, setAsked] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // The confirmation field takes the focus as it appears: the next thing to do is to type in it.
  useEffect(() => {
    if (asked) field.current?.focus();
  }, [asked]);
  const [confirmation, setConfirmation] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  // A Google-only account has no password to type: its e-mail address confirms instead.
  const byPassword = details.signInMethods.includes("password");
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await session.authedPost(
        "/v1/account/delete",
        byPassword ? { password: confirmation } : { confirm: confirmation.trim() },
      );
      session.signOutLocally();
      navigate("/logout", { state: { deleted: true } });
    } catch (error) {
      setProblem(problemOfError(error));
      setBusy(false);
    }
  };
  return (
    <section className="account-section account-section--danger" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete your account</h2>
      <p>
        Deletes your account and everything it holds (your lists and watches, your settings) at once and for
        good. It cannot be undone.
      </p>
      {!asked ? (
        <button
          type="button"
          className="account-button account-button--danger"
          onClick={() => setAsked(true)}
        >
          Delete my account and its data…
        </button>
      ) : (
        <form className="account-form" onSubmit={submit} aria-busy={busy}>
          {byPassword ? (
            <Field
              label="Type your password to confirm"
              type="password"
              name="confirm-password"
              autoComplete="current-password"
              required
              ref={field}
              value={confirmation}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
            />
          ) : (
            <Field
              label={`Type your e-mail address (${details.email}) to confirm`}
              hint="Without a password, deleting needs a fresh sign-in: if you signed in with Google more than 5 minutes ago, sign out and sign in again first."
              type="email"
              name="confirm-email"
              autoComplete="off"
              required
              ref={field}
              value={confirmation}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
            />
          )}
          <ProblemMessage problem={problem} />
          <div className="account-form__row">
            <button type="submit" className="account-button account-button--danger" disabled={busy}>
              Delete my account for good
            </button>
            <button type="button" className="account-link-button" onClick={() => setAsked(false)}>
              Keep my account
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
