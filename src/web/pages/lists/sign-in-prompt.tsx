import { type ReactNode, useState } from "react";
import { SignInDialog } from "../../components/account/sign-in-dialog.tsx";
import { useLoginStatus } from "../../lib/account/login-status.tsx";

/**
 * What a list view that needs an account shows: while the browser finds out, that it is checking;
 * signed out, why to sign in and a Sign In button that opens the header's sign-in dialog (the page
 * stays where it is: the view fills in once signed in); signed in, its children.
 */
export function SignedInOnly({ why, children }: { why: string; children: ReactNode }) {
  const { status } = useLoginStatus();
  if (status === true) return children;
  if (status === "unknown") return <CheckingLists />;
  return <ListsSignIn why={why} />;
}

/** While the browser finds out whether someone is signed in. */
export function CheckingLists() {
  return (
    <p className="lists-note" aria-busy="true">
      Checking whether you are signed in…
    </p>
  );
}

/** Signed out: why to sign in, and the button that opens the sign-in dialog. */
export function ListsSignIn({ why }: { why: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="lists-sign-in">
      <p>{why}</p>
      <button type="button" className="account-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Sign In
      </button>
      <SignInDialog open={open} onClose={() => setOpen(false)} onSignedIn={() => setOpen(false)} />
    </div>
  );
}

/** An API error's message, read out as it appears. */
export function ListProblem({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <p className="account-message account-message--problem" role="alert">
      {text}
    </p>
  );
}
