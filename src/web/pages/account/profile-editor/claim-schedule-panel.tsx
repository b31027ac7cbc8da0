import type { AccountSession } from "../../../lib/account/account-session.ts";
import { ProfileLoadState } from "./profile-editor.tsx";
import { ScheduleForm } from "./schedule-form.tsx";
import { useProfileSettings } from "./use-profile-settings.ts";

/** The claim schedule page's signed-in part: the verified performer's schedule editor alone. */
export function ClaimSchedulePanel({ session, performer }: { session: AccountSession; performer: string }) {
  const { load, calls, retry, saved } = useProfileSettings(session, performer);
  if (load.kind !== "loaded") return <ProfileLoadState load={load} performer={performer} retry={retry} />;
  return (
    <>
      <ScheduleForm settings={load.settings} calls={calls} onSaved={saved} headingLevel={2} />
      <p className="claim-schedule__more">
        <a href={`/schedule/${encodeURIComponent(performer)}`}>See your schedule page</a> ·{" "}
        <a href="/settings">Edit the rest of your profile</a>
      </p>
    </>
  );
}
