import { ProblemMessage } from "../../../components/account/form-parts.tsx";
import type { AccountSession } from "../../../lib/account/account-session.ts";
import { AboutMeForm } from "./about-me-form.tsx";
import { GoalsForm } from "./goals-form.tsx";
import { BannerForm, ProfilePictureForm } from "./images-form.tsx";
import { ScheduleForm } from "./schedule-form.tsx";
import { SocialsForm } from "./socials-form.tsx";
import { TipMenuForm } from "./tip-menu-form.tsx";
import { type ProfileLoad, useProfileSettings } from "./use-profile-settings.ts";

/** Every part of a verified performer's profile, each saving on its own (/settings). */
export function ProfileEditor({ session, performer }: { session: AccountSession; performer: string }) {
  const { load, calls, retry, saved } = useProfileSettings(session, performer);
  if (load.kind !== "loaded") return <ProfileLoadState load={load} performer={performer} retry={retry} />;
  const parts = { settings: load.settings, calls, onSaved: saved };
  return (
    <div className="profile-editor">
      <p>
        Shown on <a href={`/${encodeURIComponent(performer)}`}>your performer page</a> and{" "}
        <a href={`/schedule/${encodeURIComponent(performer)}`}>your schedule page</a>.
      </p>
      <AboutMeForm {...parts} />
      <ScheduleForm {...parts} />
      <GoalsForm {...parts} />
      <TipMenuForm {...parts} />
      <SocialsForm {...parts} />
      <ProfilePictureForm {...parts} />
      <BannerForm {...parts} />
    </div>
  );
}

/** Loading, a failure to retry, or the account not (or no longer) verified for the performer. */
export function ProfileLoadState({
  load,
  performer,
  retry,
}: {
  load: Exclude<ProfileLoad, { kind: "loaded" }>;
  performer: string;
  retry: () => void;
}) {
  if (load.kind === "loading") return <p aria-busy="true">Loading your profile…</p>;
  if (load.kind === "not-verified")
    return (
      <ProblemMessage problem={load.problem}>
        <p>
          <a href={`/claim/${encodeURIComponent(performer)}`}>Prove you are {performer}</a>
        </p>
      </ProblemMessage>
    );
  return (
    <ProblemMessage problem={load.problem}>
      <button type="button" className="account-link-button" onClick={retry}>
        Try again
      </button>
    </ProblemMessage>
  );
}
