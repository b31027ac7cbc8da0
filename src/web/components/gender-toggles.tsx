import { useEffect, useState } from "react";
import type { RoomGender } from "../../online-rooms/query.ts";
import {
  GENDER_OPTIONS,
  preferenceOf,
  toggleGender,
  writeGenderPreference,
} from "../lib/gender-preference.ts";

interface GenderTogglesProps {
  /** The genders the list on screen was fetched with: what the toggles show as on. */
  genders: readonly RoomGender[];
  /** The stored preference changed: fetch the list again. */
  onChange(): void;
  busy: boolean;
}

/**
 * The gender preference's four toggles (SPEC §3). They show the genders of the list on screen, so
 * the server's first render (the default) and the browser's (the stored preference) never disagree
 * about what is listed. They work once the page's scripts run: until then they are disabled, since
 * a click could do nothing. The last gender on cannot be switched off.
 */
export function GenderToggles({ genders, onChange, busy }: GenderTogglesProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const preference = preferenceOf(genders);
  const onlyOne = genders.length === 1;
  return (
    <fieldset className="gender-toggles" aria-busy={busy}>
      <legend className="gender-toggles__legend">Show</legend>
      {GENDER_OPTIONS.map(({ key, label }) => {
        const on = preference[key];
        return (
          <button
            key={key}
            type="button"
            className="pill-button gender-toggles__toggle"
            aria-pressed={on}
            disabled={!hydrated || (on && onlyOne)}
            title={on && onlyOne ? "At least one gender stays on" : undefined}
            onClick={() => {
              writeGenderPreference(toggleGender(preference, key));
              onChange();
            }}
          >
            {label}
          </button>
        );
      })}
    </fieldset>
  );
}
