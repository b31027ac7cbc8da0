import { OwnProfileDetails } from "./own-profile.tsx";
import type { PerformerHeader } from "./page-data.ts";
import { VerifiedMark } from "./verified-mark.tsx";
import { WeeklySchedule } from "./weekly-schedule.tsx";

/**
 * /schedule/{user} of a verified performer: the schedule they set is the page's main content, above
 * the hours we saw them stream (which follow, as for everyone).
 */
export function OwnScheduleMain({ data }: { data: PerformerHeader }) {
  const own = data.own;
  if (own === null) return null;
  return (
    <>
      <VerifiedMark verified />
      {own.schedule === null ? (
        <p className="weekly-schedule__none">{data.username} has not set a weekly schedule yet.</p>
      ) : (
        <WeeklySchedule
          schedule={own.schedule}
          renderedAt={own.renderedAt}
          performer={data.username}
          headingId="own-schedule-title"
        />
      )}
    </>
  );
}

/** The rest of the verified profile on the schedule page: about me, goals, links. */
export function OwnScheduleDetails({ data }: { data: PerformerHeader }) {
  if (data.own === null) return null;
  return <OwnProfileDetails own={data.own} performer={data.username} withAbout />;
}
