import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { Field, ProblemMessage, StatusMessage } from "../../components/account/form-parts.tsx";
import { countryName } from "../../components/flag.tsx";
import type { AccountSession } from "../../lib/account/account-session.ts";
import { AccountCallError, type ApiProblem } from "../../lib/account/api-answer.ts";
import { lastActiveText } from "../../lib/account/last-active.ts";

/** One entry of GET /v1/account/sessions. */
export interface SignedInDevice {
  id: string;
  device: string | null;
  country: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

const SESSIONS_PATH = "/v1/account/sessions";

const problemOfError = (error: unknown): ApiProblem =>
  error instanceof AccountCallError
    ? error.problem
    : {
        status: 0,
        code: "unreachable",
        message: "The site could not be reached. Try again.",
        retryAfterSeconds: null,
      };

const deviceName = (device: SignedInDevice) => device.device ?? "Unknown browser";
const placeName = (device: SignedInDevice) =>
  device.country === null ? "an unknown place" : countryName(device.country);

/**
 * /settings's "Signed-in devices" (issue 27, ASVS V3.3.4, decision 0042): every sign-in of the
 * account with its browser, country and last activity; each other one can be signed out, and all
 * of them at once with the password typed again. Rendered in the browser only, like the rest of the
 * signed-in page (the page says without JavaScript that signing in needs it).
 */
export function SignedInDevices({
  session,
  passwordAccount,
}: {
  session: AccountSession;
  /** Whether the account has a password to confirm with (else a recent Google sign-in confirms). */
  passwordAccount: boolean;
}) {
  const [devices, setDevices] = useState<SignedInDevice[] | "failed" | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [ending, setEnding] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await session.authedGet<{ sessions: SignedInDevice[] }>(SESSIONS_PATH);
      setDevices(answer.sessions);
    } catch (error) {
      console.error(error);
      setDevices("failed");
    }
  }, [session]);
  useEffect(() => {
    void load();
  }, [load]);

  const signOut = async (device: SignedInDevice) => {
    setEnding(device.id);
    setProblem(null);
    setStatus(null);
    try {
      await session.authedSend(`${SESSIONS_PATH}/${encodeURIComponent(device.id)}`, { method: "DELETE" });
      setStatus(`Signed out of ${deviceName(device)} in ${placeName(device)}.`);
    } catch (error) {
      const failed = problemOfError(error);
      // Gone already (signed out there meanwhile): the list below says so once reloaded.
      if (failed.status !== 404) setProblem(failed);
    } finally {
      setEnding(null);
      await load();
    }
  };

  const now = Date.now();
  const list = Array.isArray(devices) ? devices : [];
  const others = list.filter((device) => !device.current);
  return (
    <section className="account-section" aria-labelledby="devices-heading">
      <h2 id="devices-heading">Signed-in devices</h2>
      <p>
        Where your account is signed in now. Sign out of any you do not recognise, then change your password.
      </p>
      {devices === null && (
        <p className="device-list__loading" aria-busy="true">
          Loading your signed-in devices…
        </p>
      )}
      {devices === "failed" && (
        <div className="account-message account-message--problem" role="alert">
          <p>Your signed-in devices could not be loaded.</p>
          <button type="button" className="account-link-button" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {list.length > 0 && (
        <ul className="device-list">
          {list.map((device) => (
            <li key={device.id} className="device-list__item">
              <div className="device-list__about">
                <p className="device-list__name">
                  {deviceName(device)}
                  {device.current && <span className="device-list__this">This device</span>}
                </p>
                <p className="device-list__facts">
                  In {placeName(device)} · last active{" "}
                  <time dateTime={device.lastUsedAt}>
                    {device.current ? "now" : lastActiveText(device.lastUsedAt, now)}
                  </time>
                </p>
                <p className="device-list__facts">
                  Signed in{" "}
                  <time dateTime={device.createdAt}>
                    {new Date(device.createdAt).toLocaleDateString("en", { dateStyle: "medium" })}
                  </time>
                </p>
              </div>
              {!device.current && (
                <button
                  type="button"
                  className="account-button account-button--secondary device-list__sign-out"
                  disabled={ending !== null}
                  aria-label={`Sign out ${deviceName(device)} in ${placeName(device)}`}
                  onClick={() => void signOut(device)}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ProblemMessage problem={problem} />
      {status !== null && (
        <StatusMessage>
          <p>{status}</p>
        </StatusMessage>
      )}
      {others.length > 0 && (
        <SignOutOthers
          session={session}
          passwordAccount={passwordAccount}
          onDone={(ended) => {
            setProblem(null);
            setStatus(
              ended === 1 ? "Signed out of 1 other device." : `Signed out of ${ended} other devices.`,
            );
            void load();
          }}
        />
      )}
    </section>
  );
}

/** "Sign out everywhere else": asks the password again (or, without one, relies on a recent sign-in). */
function SignOutOthers({
  session,
  passwordAccount,
  onDone,
}: {
  session: AccountSession;
  passwordAccount: boolean;
  onDone: (ended: number) => void;
}) {
  const [asked, setAsked] = useState(false);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // The password field takes the focus as it appears: typing in it is the next thing to do.
  useEffect(() => {
    if (asked) field.current?.focus();
  }, [asked]);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const answer = await session.authedPost<{ ended: number }>(
        `${SESSIONS_PATH}/end-others`,
        passwordAccount ? { password } : {},
      );
      setPassword("");
      setAsked(false);
      onDone(answer?.ended ?? 0);
    } catch (error) {
      setProblem(problemOfError(error));
    } finally {
      setBusy(false);
    }
  };
  if (!asked)
    return (
      <button
        type="button"
        className="account-button account-button--secondary"
        onClick={() => setAsked(true)}
      >
        Sign out everywhere else…
      </button>
    );
  return (
    <form className="account-form device-list__others" onSubmit={submit} aria-busy={busy}>
      {passwordAccount ? (
        <Field
          label="Type your password to sign out everywhere else"
          type="password"
          name="confirm-password"
          autoComplete="current-password"
          required
          ref={field}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
      ) : (
        <p className="account-form__intro">
          Without a password, this needs a fresh sign-in: if you signed in with Google more than 5 minutes
          ago, sign out and sign in again first.
        </p>
      )}
      <ProblemMessage problem={problem} />
      <div className="account-form__row">
        <button type="submit" className="account-button" disabled={busy}>
          Sign out everywhere else
        </button>
        <button type="button" className="account-link-button" onClick={() => setAsked(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
