import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import { type ApiProblem, problemText } from "../../lib/account/api-answer.ts";

/** SPEC §5: a password has at least 8 characters (the server says the rest: src/identity/password-rules.ts). */
export const PASSWORD_MIN_LENGTH = 8;

/** A labelled input: the label above, an optional hint tied to it by aria-describedby. */
export function Field({
  label,
  hint,
  ref,
  ...input
}: { label: string; hint?: string; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="account-field">
      <label className="account-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        className="account-field__input"
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      {hint && (
        <p className="account-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A new password's field (sign-up, reset, change): the SPEC's minimum checked by the browser too,
 * and marked as a new password so password managers offer to make one.
 */
export function NewPasswordField({
  label = "New password",
  hint = `At least ${PASSWORD_MIN_LENGTH} characters.`,
  value,
  onChange,
}: {
  label?: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label={label}
      hint={hint}
      type="password"
      name="new-password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** The server's message as given (role=alert: read out as it appears), with how long to wait. */
export function ProblemMessage({ problem, children }: { problem: ApiProblem | null; children?: ReactNode }) {
  if (problem === null) return null;
  return (
    <div className="account-message account-message--problem" role="alert">
      <p>{problemText(problem)}</p>
      {children}
    </div>
  );
}

/** A success or progress message (role=status: read out politely). */
export function StatusMessage({ children }: { children: ReactNode }) {
  return (
    <div className="account-message" role="status">
      {children}
    </div>
  );
}
