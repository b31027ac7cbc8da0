import { useEffect, useRef, useState } from "react";
import { type HeadersFunction, Link, useLocation, useNavigate } from "react-router";
import { SIGN_OUT_REDIRECT_MS } from "../../lib/account/account-session.ts";
import { useLoginStatus } from "../../lib/account/login-status.tsx";
import { accountPageHeaders, errorMeta, type PageMetaFunction, titled } from "../../lib/seo.ts";

/** A page that signs out is never a cached page. */
export const headers: HeadersFunction = accountPageHeaders;

export function loader() {
  return null;
}

export const meta: PageMetaFunction = ({ error }) =>
  error ? errorMeta(error) : [{ title: titled("Signed out") }, { name: "robots", content: "noindex" }];

/**
 * /logout (SPEC §2, §4, §9): signs out (the refresh cookie ended on the server, the record and
 * status cleared here), says so, and goes home after 2000 ms; the link is for the impatient and
 * for browsers without scripts.
 */
export default function Logout() {
  const { session } = useLoginStatus();
  const navigate = useNavigate();
  const deleted = (useLocation().state as { deleted?: boolean } | null)?.deleted === true;
  const [signedOut, setSignedOut] = useState(false);
  const once = useRef(false);
  useEffect(() => {
    if (session === null || once.current) return;
    once.current = true;
    // Whatever the network says, this browser forgets the sign-in.
    void session
      .signOut()
      .catch((error: unknown) => console.error(error))
      .finally(() => setSignedOut(true));
  }, [session]);
  useEffect(() => {
    if (!signedOut) return;
    const timer = window.setTimeout(() => navigate("/"), SIGN_OUT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [signedOut, navigate]);
  return (
    <article className="page page--narrow">
      <h1>{signedOut ? "You are signed out" : "Signing out…"}</h1>
      <div role="status">
        {signedOut && (
          <p>
            {deleted ? "Your account and its data are deleted. " : ""}
            Taking you to the home page in a moment.
          </p>
        )}
      </div>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </article>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";
