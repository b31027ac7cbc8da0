import type { SocialNetwork } from "../../../types/performer-profile.ts";
import type { SocialPageData, SocialState } from "./page-data.ts";

/** The room's box (with a performer) and a handle field per network; a refused handle says why. */
export function NetworkFields({
  data,
  state,
  problems,
  onChange,
}: {
  data: SocialPageData;
  state: SocialState;
  problems: Partial<Record<SocialNetwork, string>>;
  onChange: (change: Partial<SocialState>) => void;
}) {
  return (
    <fieldset className="socialmedia__fieldset">
      <legend>Buttons</legend>
      {data.performer?.verified && (
        <p>Your handles come from your verified profile's links; change any here.</p>
      )}
      {data.performer !== null && (
        <div className="socialmedia__room">
          <input
            id="socialmedia-room"
            type="checkbox"
            name="room"
            checked={state.room}
            onChange={(event) => onChange({ room: event.currentTarget.checked })}
          />
          <label htmlFor="socialmedia-room">
            <img src={data.roomImage.svg} alt="" width={90} height={22} /> A button to my {data.platformName}{" "}
            room
          </label>
        </div>
      )}
      <div className="socialmedia__networks">
        {data.networks.map((n) => {
          const id = `socialmedia-${n.network}`;
          const problem = problems[n.network];
          return (
            <div key={n.network} className="account-field">
              <label className="account-field__label" htmlFor={id}>
                {n.label}
              </label>
              <input
                id={id}
                className="account-field__input"
                name={n.network}
                value={state.handles[n.network] ?? ""}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  onChange({ handles: { ...state.handles, [n.network]: value } });
                }}
                maxLength={320}
                placeholder="handle or link"
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
                aria-invalid={problem !== undefined}
                aria-describedby={`${id}-hint`}
              />
              <p
                id={`${id}-hint`}
                className={
                  problem === undefined ? "account-field__hint" : "account-field__hint socialmedia__problem"
                }
              >
                {problem ?? n.hint}
              </p>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
