import { useEffect, useId, useState } from "react";
import { type HeadersFunction, type LinksFunction, useLocation, useNavigate } from "react-router";
import { SignInForms } from "../../components/account/sign-in-forms.tsx";
import { CheckingSignIn, SignedInPage, useLoginStatus } from "../../lib/account/login-status.tsx";
import { accountPageHeaders, accountPageMeta, titled } from "../../lib/seo.ts";
import { AccountPanel } from "./account-panel.tsx";
import profileEditorCss from "./profile-editor/profile-editor.css?url";
import { ResetPasswordForm } from "./reset-password-form.tsx";
import { SettingsNotices } from "./settings-notices.tsx";
import { readSettingsNotice, withoutNotice } from "./settings-params.ts";

/**
 * Never kept by any cache (DESIGN.md §8): the page is the same shell for everyone, but it is the
 * account page, and a reset link's token may be in its address.
 */
export const headers: HeadersFunction = accountPageHeaders;

/** The performer profile editor's sheet (issue 19): the section shows once signed in. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: profileEditorCss }];

/** Nothing personal is loaded on the server: the browser fills the page from authenticated calls. */
export function loader() {
  return null;
}

export const meta = accountPageMeta(() => ({
  title: titled("Account settings"),
  description: "Sign in, create an account, and manage your camstats account.",
  path: "/settings",
}));

/** /settings (SPEC §2): sign in (signed out), or the account (signed in). */
export default function Settings() {
  const location = useLocation();
  const navigate = useNavigate();
  const { status } = useLoginStatus();
  // Read once: the same on the server and in the first browser render, then off the address.
  const [notice] = useState(() => readSettingsNotice(new URLSearchParams(location.search)));
  const [resetToken, setResetToken] = useState(notice.resetToken);
  const headingId = useId();
  useEffect(() => {
    const clean = withoutNotice(location.pathname, new URLSearchParams(location.search), location.hash);
    // history.replaceState rather than a navigation: no new render or loader call, and the
    // router's own entry (its state) is kept.
    if (clean !== null) window.history.replaceState(window.history.state, "", clean);
  }, [location]);
  const toSettings = () => {
    setResetToken(null);
    navigate("/settings", { replace: true });
  };
  return (
    <SignedInPage
      className="account-page"
      title="Account settings"
      // A link's outcome is news to someone signing in, not to someone who already has.
      intro={status !== true && <SettingsNotices notice={notice} />}
      checking={<CheckingSignIn needs="Signing in" />}
      signedOut={
        resetToken !== null ? (
          <ResetPasswordForm token={resetToken} onSignedIn={toSettings} />
        ) : (
          <>
            <p className="page__lead">
              Sign in to keep lists of performers and manage your account. Browsing, rankings and search stay
              open to everyone without one.
            </p>
            <section className="account-section" aria-labelledby={headingId}>
              <SignInForms headingId={headingId} onSignedIn={toSettings} />
            </section>
          </>
        )
      }
    >
      {({ session, user }) => user !== null && <AccountPanel session={session} user={user} />}
    </SignedInPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";
