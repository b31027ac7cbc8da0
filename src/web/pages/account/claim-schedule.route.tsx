import { type HeadersFunction, type LinksFunction, useParams } from "react-router";
import { SignedOutPrompt } from "../../components/account/signed-out-prompt.tsx";
import { SignedInPage } from "../../lib/account/login-status.tsx";
import { performerOfParam } from "../../lib/account/performer-claim.ts";
import { accountPageHeaders, accountPageMeta, titled } from "../../lib/seo.ts";
import { ClaimSchedulePanel } from "./profile-editor/claim-schedule-panel.tsx";
import profileEditorCss from "./profile-editor/profile-editor.css?url";

export const headers: HeadersFunction = accountPageHeaders;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: profileEditorCss }];

/** Nothing personal is loaded on the server: the browser fills the page from authenticated calls. */
export function loader() {
  return null;
}

export const meta = accountPageMeta((params) => {
  const performer = performerOfParam(params.user);
  return {
    title: titled(`${performer}'s schedule: edit`),
    description: `The verified performer ${performer} sets their weekly schedule and time zone.`,
    path: `/claim/${performer}/schedule`,
  };
});

/**
 * /claim/{user}/schedule, the claim schedule page (SPEC §2 names it): the verified performer's
 * weekly schedule, in their time zone, on its own.
 */
export default function ClaimSchedule() {
  const performer = performerOfParam(useParams().user);
  return (
    <SignedInPage
      className="account-page"
      title={`${performer}'s schedule`}
      lead={
        <>
          When you usually stream, in your own time zone: visitors of your performer page and schedule page
          see it in theirs, and when your next stream is.
        </>
      }
      signedOut={
        <SignedOutPrompt>
          <h2>Sign in first</h2>
          <p>Only {performer}'s verified account edits this schedule.</p>
        </SignedOutPrompt>
      }
    >
      {({ session }) => <ClaimSchedulePanel session={session} performer={performer} />}
    </SignedInPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";
