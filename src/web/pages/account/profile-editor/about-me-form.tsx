import { type FormEvent, useId, useState } from "react";
import { ABOUT_ME_MAX, type ProfileSettings } from "../../../lib/profile/profile-data.ts";
import { aboutPreview } from "./about-preview.ts";
import { PartMessages } from "./part-messages.tsx";
import type { ProfileCalls } from "./profile-calls.ts";
import {
  ABOUT_ADDRESSES_REMOVED,
  ABOUT_HIDDEN,
  ABOUT_SAVED,
  ABOUT_TOO_LONG,
  ABOUT_WORD_MASKED,
} from "./profile-texts.ts";
import { usePartSave } from "./use-part-save.ts";

/**
 * About me: plain text up to ABOUT_ME_MAX characters, with a counter and a preview under the
 * SPEC §5 rules, as the performer page will show it.
 */
export function AboutMeForm({
  settings,
  calls,
  onSaved,
}: {
  settings: ProfileSettings;
  calls: ProfileCalls;
  onSaved: (settings: ProfileSettings) => void;
}) {
  const [text, setText] = useState(settings.aboutMe);
  const { busy, problem, done, run, fail } = usePartSave(onSaved);
  const id = useId();
  const length = Array.from(text).length;
  const over = length > ABOUT_ME_MAX;
  const { shown, masked, addressesRemoved } = aboutPreview(text);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (over) return fail(ABOUT_TOO_LONG);
    await run(() => calls.save({ aboutme: text }), ABOUT_SAVED);
  };
  return (
    <form className="account-form profile-part" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`}>About me</h3>
      <div className="account-field">
        <label className="account-field__label" htmlFor={id}>
          Your own words on your performer page
        </label>
        <textarea
          id={id}
          className="account-field__input profile-about__text"
          rows={7}
          value={text}
          aria-invalid={over || undefined}
          aria-describedby={`${id}-count`}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <p id={`${id}-count`} className={`account-field__hint${over ? " profile-about__over" : ""}`}>
          {length.toLocaleString("en-US")} of {ABOUT_ME_MAX.toLocaleString("en-US")} characters. Empty shows
          the about-me of your platform profile.
        </p>
      </div>
      {text.trim() !== "" && (
        <div className="profile-preview">
          <h4 className="profile-preview__label">Preview</h4>
          {shown === null ? (
            <p>{ABOUT_HIDDEN}</p>
          ) : (
            <>
              <p className="profile-preview__text">{shown}</p>
              {masked && <p className="account-field__hint">{ABOUT_WORD_MASKED}</p>}
              {addressesRemoved && <p className="account-field__hint">{ABOUT_ADDRESSES_REMOVED}</p>}
            </>
          )}
        </div>
      )}
      <PartMessages problem={problem} done={done} />
      <button type="submit" className="account-button" disabled={busy}>
        {busy ? "Saving…" : "Save about me"}
      </button>
    </form>
  );
}
