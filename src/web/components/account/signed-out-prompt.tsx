import { type ReactNode, useState } from "react";
import { SignInDialog } from "./sign-in-dialog.tsx";

/**
 * For the pages that need an account (claim, opt-out): what the page is for, and a Sign In button
 * that opens the sign-in dialog; signing in keeps the visitor on the page. The link is /settings
 * until scripts run, where the sign-in form works without them.
 */
export function SignedOutPrompt({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="account-section">
      {children}
      <p>
        <a
          className="account-button"
          href="/settings"
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
              return;
            event.preventDefault();
            setOpen(true);
          }}
        >
          Sign in or create an account
        </a>
      </p>
      <SignInDialog open={open} onClose={() => setOpen(false)} onSignedIn={() => setOpen(false)} />
    </section>
  );
}
