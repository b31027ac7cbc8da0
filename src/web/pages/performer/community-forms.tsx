import { type FormEvent, type ReactNode, useId, useState } from "react";
import { QUOTE_MAX, QUOTE_MIN } from "../../../moderation/quote-rules.ts";
import { SUMMARY_MAX, SUMMARY_MIN, TAG_MAX } from "../../../moderation/suggestion-rules.ts";
import { SignInDialog } from "../../components/account/sign-in-dialog.tsx";
import { AccountCallError, type ApiProblem, problemText } from "../../lib/account/api-answer.ts";
import { useLoginStatus } from "../../lib/account/login-status.tsx";
import { postPublic, UNREACHABLE } from "../../lib/account/public-calls.ts";

type Said = { ok: true; text: string } | { ok: false; text: string } | null;

/** The server's problem as the form shows it. */
const problemOf = (error: unknown): ApiProblem =>
  error instanceof AccountCallError ? error.problem : UNREACHABLE;

/**
 * Sends a suggestion: with the visitor's token when signed in (the reviewers then see who sent
 * it), without one otherwise (SPEC §7: the suggestion calls need no account).
 */
function useSuggestionCall() {
  const { status, session } = useLoginStatus();
  return async (path: string, body: Record<string, string>): Promise<Said> => {
    if (status === true && session !== null) {
      try {
        await session.authedPost(path, body);
        return null;
      } catch (error) {
        return { ok: false, text: problemText(problemOf(error)) };
      }
    }
    const outcome = await postPublic(path, body);
    return outcome.ok ? null : { ok: false, text: problemText(outcome.problem) };
  };
}

function Message({ said }: { said: Said }) {
  if (said === null) return null;
  return (
    <p
      className={said.ok ? "community__said" : "community__said community__said--problem"}
      role={said.ok ? "status" : "alert"}
    >
      {said.text}
    </p>
  );
}

function FormShell({
  title,
  hint,
  busy,
  said,
  onSubmit,
  children,
  button,
}: {
  title: string;
  hint: string;
  busy: boolean;
  said: Said;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  button: string;
}) {
  return (
    <form className="account-form community__form" onSubmit={onSubmit} aria-busy={busy}>
      <h3 className="community__form-title">{title}</h3>
      <p className="community__hint">{hint}</p>
      {children}
      <button type="submit" className="account-button" disabled={busy}>
        {button}
      </button>
      <Message said={said} />
    </form>
  );
}

const REVIEWED = "Thank you. A moderator reads it before it shows on the site.";

/** What differs between the two suggestion forms: the call, its field, and the field's rules. */
interface SuggestionKind {
  path: string;
  field: "suggested_tag" | "suggested_summary";
  title: string;
  hint: string;
  label: string;
  button: string;
  /** A one-line input, or a text area with these length bounds. */
  input: { kind: "line"; max: number } | { kind: "text"; min: number; max: number };
}

const TAG_KIND: SuggestionKind = {
  path: "/v1/tag_suggestion",
  field: "suggested_tag",
  title: "Suggest a tag",
  hint: "One word that describes the room: letters, digits, _ and -.",
  label: "Tag",
  button: "Suggest the tag",
  // One more than the rule, so that a leading '#' (which the call drops) still fits.
  input: { kind: "line", max: TAG_MAX + 1 },
};

const SUMMARY_KIND: SuggestionKind = {
  path: "/v1/summary_suggestion",
  field: "suggested_summary",
  title: "Suggest a summary",
  hint: `What the room is like, in your words: ${SUMMARY_MIN} to ${SUMMARY_MAX} characters. Found by the search's summaries once approved.`,
  label: "Summary",
  button: "Suggest the summary",
  input: { kind: "text", min: SUMMARY_MIN, max: SUMMARY_MAX },
};

function SuggestionForm({ performer, kind }: { performer: string; kind: SuggestionKind }) {
  const send = useSuggestionCall();
  const id = useId();
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const problem = await send(kind.path, { performer, [kind.field]: value });
    setBusy(false);
    setSaid(problem ?? { ok: true, text: REVIEWED });
    if (problem === null) setValue("");
  };
  const { input } = kind;
  return (
    <FormShell
      title={kind.title}
      hint={kind.hint}
      busy={busy}
      said={said}
      onSubmit={submit}
      button={kind.button}
    >
      <div className="account-field">
        <label className="account-field__label" htmlFor={id}>
          {kind.label}
        </label>
        {input.kind === "line" ? (
          <input
            id={id}
            className="account-field__input"
            type="text"
            name={kind.field}
            required
            maxLength={input.max}
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
        ) : (
          <textarea
            id={id}
            className="account-field__input community__text"
            name={kind.field}
            required
            rows={3}
            minLength={input.min}
            maxLength={input.max}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
        )}
      </div>
    </FormShell>
  );
}

function WriteQuote({ performer }: { performer: string }) {
  const { status, session } = useLoginStatus();
  const [quote, setQuote] = useState("");
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>(null);
  const [signingIn, setSigningIn] = useState(false);
  if (status !== true || session === null) {
    return (
      <div className="account-form community__form">
        <h3 className="community__form-title">Write a fan quote</h3>
        <p className="community__hint">
          A few words about {performer}, shown with your display name once a moderator approves them. Quotes
          need an account, so that you can edit yours until then.
        </p>
        <button
          type="button"
          className="account-button"
          disabled={status === "unknown"}
          onClick={() => setSigningIn(true)}
        >
          Sign in to write a quote
        </button>
        {signingIn && (
          <SignInDialog open onClose={() => setSigningIn(false)} onSignedIn={() => setSigningIn(false)} />
        )}
      </div>
    );
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const answer = await session.authedPost<{ edited: boolean }>("/v1/fan_quote", { performer, quote });
      setSaid({
        ok: true,
        text: answer.edited
          ? "Your waiting quote is replaced by this one. A moderator reads it before it shows."
          : "Thank you. A moderator reads it before it shows; until then, sending another replaces it.",
      });
    } catch (error) {
      setSaid({ ok: false, text: problemText(problemOf(error)) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormShell
      title="Write a fan quote"
      hint={`${QUOTE_MIN} to ${QUOTE_MAX} characters, shown with your display name (or "a fan") once approved.`}
      busy={busy}
      said={said}
      onSubmit={submit}
      button="Send the quote"
    >
      <label className="account-field">
        <span className="account-field__label">Quote</span>
        <textarea
          className="account-field__input community__text"
          name="quote"
          required
          rows={3}
          minLength={QUOTE_MIN}
          maxLength={QUOTE_MAX}
          value={quote}
          onChange={(event) => setQuote(event.currentTarget.value)}
        />
      </label>
    </FormShell>
  );
}

/** The performer page's three forms (issue 30, points 2 and 3), loaded when the visitor opens them. */
export default function CommunityForms({ performer }: { performer: string }) {
  return (
    <div className="community__forms">
      <SuggestionForm performer={performer} kind={TAG_KIND} />
      <SuggestionForm performer={performer} kind={SUMMARY_KIND} />
      <WriteQuote performer={performer} />
    </div>
  );
}
