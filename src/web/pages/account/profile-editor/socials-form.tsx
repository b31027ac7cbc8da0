import { type FormEvent, useId, useState } from "react";
import {
  type ProfileSettings,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from "../../../lib/profile/profile-data.ts";
import { PartMessages } from "./part-messages.tsx";
import type { ProfileCalls } from "./profile-calls.ts";
import { SOCIALS_SAVED } from "./profile-texts.ts";
import { fieldMessage, networkOfParameter } from "./social-fields.ts";
import { usePartSave } from "./use-part-save.ts";

const emptySocials = (socials: ProfileSettings["socials"]) =>
  Object.fromEntries(SOCIAL_NETWORKS.map(({ network }) => [network, socials[network] ?? ""])) as Record<
    SocialNetwork,
    string
  >;

/**
 * Links: one field per network of the contract. The server checks each (https, the network's own
 * host) on save; its message is shown by the field it names.
 */
export function SocialsForm({
  settings,
  calls,
  onSaved,
}: {
  settings: ProfileSettings;
  calls: ProfileCalls;
  onSaved: (settings: ProfileSettings) => void;
}) {
  const [socials, setSocials] = useState(() => emptySocials(settings.socials));
  const { busy, problem, done, run } = usePartSave((next) => {
    setSocials(emptySocials(next.socials));
    onSaved(next);
  });
  const badNetwork = problem === null ? null : networkOfParameter(problem.parameter);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = Object.fromEntries(
      Object.entries(socials).map(([network, url]) => [network, url.trim()]),
    ) as Record<SocialNetwork, string>;
    await run(() => calls.saveSocials(trimmed), SOCIALS_SAVED);
  };
  return (
    <form
      className="account-form profile-part"
      aria-labelledby="profile-socials-title"
      onSubmit={submit}
      noValidate
    >
      <h3 id="profile-socials-title">Links</h3>
      <p className="account-form__intro">Your pages elsewhere, shown as links on your performer page.</p>
      {SOCIAL_NETWORKS.map(({ network, label, hosts }) => (
        <SocialField
          key={network}
          label={label}
          hosts={hosts}
          value={socials[network]}
          problem={badNetwork === network ? fieldMessage(problem?.message ?? "") : null}
          onChange={(value) => setSocials((all) => ({ ...all, [network]: value }))}
        />
      ))}
      <PartMessages problem={badNetwork === null ? problem : null} done={done} />
      <button type="submit" className="account-button" disabled={busy}>
        {busy ? "Saving…" : "Save links"}
      </button>
    </form>
  );
}

function SocialField({
  label,
  hosts,
  value,
  problem,
  onChange,
}: {
  label: string;
  hosts: readonly string[];
  value: string;
  problem: string | null;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="account-field">
      <label className="account-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="account-field__input"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder={`https://${hosts[0]}/…`}
        value={value}
        aria-invalid={problem !== null || undefined}
        aria-describedby={problem === null ? `${id}-hint` : `${id}-hint ${id}-problem`}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <p className="account-field__hint" id={`${id}-hint`}>
        A https:// link on {hosts.join(" or ")}
      </p>
      {problem !== null && (
        <p id={`${id}-problem`} className="schedule-slot__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
