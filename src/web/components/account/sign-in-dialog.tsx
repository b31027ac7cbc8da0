import { useEffect, useId, useRef } from "react";
import { SignInForms } from "./sign-in-forms.tsx";

/**
 * The sign-in dialog (SPEC §2): a native modal <dialog>, so the browser traps the focus inside it,
 * moves it to the first field, closes it on Escape and gives the focus back to what opened it.
 */
export function SignInDialog({
  open,
  onClose,
  onSignedIn,
}: {
  open: boolean;
  onClose: () => void;
  onSignedIn: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} className="account-dialog" aria-labelledby={headingId} onClose={onClose}>
      {/* Mounted only while open: each opening starts at a blank sign-in form. */}
      {open && <SignInForms headingId={headingId} onSignedIn={onSignedIn} />}
      {/* After the form, so that the dialog's first focus lands on the e-mail field; drawn top right. */}
      <button
        type="button"
        className="account-dialog__close"
        aria-label="Close"
        onClick={() => dialog.current?.close()}
      >
        ×
      </button>
    </dialog>
  );
}
