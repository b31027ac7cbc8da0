import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import type { AccountSession } from "../../../lib/account/account-session.ts";
import { useLoginStatus } from "../../../lib/account/login-status.tsx";
import { performerOfParam } from "../../../lib/account/performer-claim.ts";
import { ProfileEditor } from "./profile-editor.tsx";

/**
 * /settings's "Your performer profile": the editor for a performer this account is verified for
 * (a picker when there are several), otherwise how to become verified.
 */
export function PerformerProfileSection({ session }: { session: AccountSession }) {
  const { userInfo } = useLoginStatus();
  const verified = userInfo?.userInfo.verifiedPerformers ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const id = useId();
  const performer = chosen !== null && verified.includes(chosen) ? chosen : (verified[0] ?? null);
  return (
    <section className="account-section profile-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Your performer profile</h2>
      {userInfo === null ? (
        <p aria-busy="true">Looking up the performers you are verified for…</p>
      ) : performer === null ? (
        <HowToVerify />
      ) : (
        <>
          {verified.length > 1 && (
            <div className="account-field profile-picker">
              <label className="account-field__label" htmlFor={`${id}-performer`}>
                Performer
              </label>
              <select
                id={`${id}-performer`}
                className="account-field__input"
                value={performer}
                onChange={(event) => setChosen(event.currentTarget.value)}
              >
                {verified.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <ProfileEditor key={performer} session={session} performer={performer} />
        </>
      )}
    </section>
  );
}

/** For an account verified for no performer: what verifying is, and the way to /claim/{name}. */
function HowToVerify() {
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const performer = performerOfParam(name);
    if (performer !== "") navigate(`/claim/${encodeURIComponent(performer)}`);
  };
  return (
    <>
      <p>
        Are you a performer? Prove it with a code in your room subject or about-me (no password, no help from
        the platform), then edit your about me, schedule, goals, links and pictures here.
      </p>
      <form className="account-form__row" onSubmit={submit}>
        <label className="account-field__label" htmlFor={id}>
          Your performer name
        </label>
        <input
          id={id}
          className="account-field__input profile-claim-name"
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <button type="submit" className="account-button">
          Verify
        </button>
      </form>
    </>
  );
}
