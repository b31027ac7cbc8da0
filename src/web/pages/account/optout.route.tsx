import { type HeadersFunction, useParams } from "react-router";
import { SignedOutPrompt } from "../../components/account/signed-out-prompt.tsx";
import { SignedInPage } from "../../lib/account/login-status.tsx";
import { performerOfParam } from "../../lib/account/performer-claim.ts";
import { accountPageHeaders, accountPageMeta, titled } from "../../lib/seo.ts";
import { OptoutCodeRequest } from "./optout-code-request.tsx";
import { OptoutPanel } from "./optout-panel.tsx";

export const headers: HeadersFunction = accountPageHeaders;

/** Nothing personal is loaded on the server: the browser fills the page from authenticated calls. */
export function loader() {
  return null;
}

export const meta = accountPageMeta((params) => {
  const performer = performerOfParam(params.user);
  return {
    title: titled(`Opt ${performer} out`),
    description: `${performer} can leave this site, and come back, in one step.`,
    path: `/optout/${performer}`,
  };
});

/**
 * /optout/{user} (SPEC §2, §7): the performer's verified account opts out or back in in one step;
 * anyone else gets a one-time code for the performer's room (decision 0044).
 */
export default function Optout() {
  const performer = performerOfParam(useParams().user);
  return (
    <SignedInPage
      className="account-page"
      title={`Opt ${performer} out`}
      lead={
        <>
          A performer can leave this site at any time: out of the search, the rankings, the pages and every
          published file, and no longer recorded. Only {performer} can do it, so we ask for proof first.
        </>
      }
      signedOut={
        <>
          <OptoutCodeRequest performer={performer} />
          <SignedOutPrompt>
            <h2>With an account</h2>
            <p>
              An account verified as {performer} opts out, and back in, in one step, with no code each time.
              Sign in (or create an account), then prove you are {performer} once at{" "}
              <a href={`/claim/${performer}`}>/claim/{performer}</a>.
            </p>
          </SignedOutPrompt>
        </>
      }
    >
      {({ session }) => <OptoutPanel session={session} performer={performer} />}
    </SignedInPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";
