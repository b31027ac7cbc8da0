import { type HeadersFunction, useParams } from "react-router";
import { SignedOutPrompt } from "../../components/account/signed-out-prompt.tsx";
import { SignedInPage } from "../../lib/account/login-status.tsx";
import { performerOfParam } from "../../lib/account/performer-claim.ts";
import { accountPageHeaders, accountPageMeta, titled } from "../../lib/seo.ts";
import { ClaimPanel } from "./claim-panel.tsx";

export const headers: HeadersFunction = accountPageHeaders;

/** Nothing personal is loaded on the server: the browser fills the page from authenticated calls. */
export function loader() {
  return null;
}

export const meta = accountPageMeta((params) => {
  const performer = performerOfParam(params.user);
  return {
    title: titled(`Claim ${performer}`),
    description: `Prove you are ${performer} with a code in your room subject or about-me.`,
    path: `/claim/${performer}`,
  };
});

/** /claim/{user} (SPEC §2, issue 19): prove to be a performer with a one-time code, and see the check. */
export default function Claim() {
  const performer = performerOfParam(useParams().user);
  return (
    <SignedInPage
      className="account-page"
      title={`Are you ${performer}? Prove it`}
      lead={
        <>
          Verifying takes no password of yours and no help from the platform: we give you a short code, you
          put it in your room subject or your about-me for a moment, and our collector sees it.
        </>
      }
      intro={<ClaimGives performer={performer} />}
      signedOut={
        <SignedOutPrompt>
          <h2>Sign in first</h2>
          <p>A code belongs to an account: sign in (or create one) to get yours.</p>
        </SignedOutPrompt>
      }
    >
      {({ session }) => <ClaimPanel session={session} performer={performer} />}
    </SignedInPage>
  );
}

function ClaimGives({ performer }: { performer: string }) {
  return (
    <section className="account-section" aria-labelledby="claim-gives">
      <h2 id="claim-gives">What verifying gives you</h2>
      <ul>
        <li>
          You decide whether {performer} appears here: <a href={`/optout/${performer}`}>opt out</a> in one
          step, and back in whenever you like.
        </li>
        <li>Your profile on your performer page: about me, schedule, goals, links and pictures.</li>
        <li>
          One account per performer: if someone else proves to be {performer} later, you are told by e-mail.
        </li>
      </ul>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";
