import { useEffect, useId, useRef, useState } from "react";
import { loadChunk } from "../../lib/chunk-load.ts";
import type { SignInForms } from "./sign-in-forms.tsx";

type Forms = typeof SignInForms;
let forms: Promise<Forms> | null = null;

/**
 * The forms' code, fetched once: when a dialog first opens, or sooner on a hint (the account menu
 * opening). Most visits never sign in, so no page carries it on its first visit (issue 31).
 */
export function loadSignInForms(): Promise<Forms> {
  forms ??= loadChunk(() => import("./sign-in-forms.tsx")).then(
    (module) => module.SignInForms,
    (error: unknown) => {
      forms = null;
      throw error;
    },
  );
  return forms;
}

/**
 * The sign-in dialog (SPEC §2): a native modal <dialog>, so the browser traps the focus inside it,
 * moves it to the first field, closes it on Escape and gives the focus back to what opened it. It
 * opens once the forms' code is there, so that the first focus lands on the e-mail field; if that
 * code cannot be fetched, /settings has the same forms in its page.
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
  const [Forms, setForms] = useState<Forms | null>(null);
  useEffect(() => {
    if (!open || Forms !== null) return;
    let live = true;
    loadSignInForms().then(
      (loaded) => live && setForms(() => loaded),
      () => live && window.location.assign("/settings"),
    );
    return () => {
      live = false;
    };
  }, [open, Forms]);
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && Forms !== null && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open, Forms]);
  return (
    <dialog ref={dialog} className="account-dialog" aria-labelledby={headingId} onClose={onClose}>
      {/* Mounted only while open: each opening starts at a blank sign-in form. */}
      {open && Forms !== null && <Forms headingId={headingId} onSignedIn={onSignedIn} />}
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
