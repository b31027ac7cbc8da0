import { type FormEvent, type ReactNode, useState } from "react";
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

function SuggestTag({ performer }: { performer: string }) {
  const send = useSuggestionCall();
  const [tag, setTag] = useState("");
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const problem = await send("/v1/tag_suggestion", { performer, suggested_tag: tag });
    setBusy(false);
    setSaid(problem ?? { ok: true, text: REVIEWED });
    if (problem === null) setTag("");
  };
  return (
    <FormShell
      title="Suggest a tag"
      hint="One word that describes the room: letters, digits, _ and -."
      busy={busy}
      said={said}
      onSubmit={submit}
      button="Suggest the tag"
    >
      <label className="account-field">
        <span className="account-field__label">Tag</span>
        <input
          className="account-field__input"
          type="text"
          name="tag"
          required
          maxLength={TAG_MAX + 1}
          autoComplete="off"
          value={tag}
          onChange={(event) => setTag(event.currentTarget.value)}
        />
      </label>
    </FormShell>
  );
}

function SuggestSummary({ performer }: { performer: string }) {
  const send = useSuggestionCall();
  const [summary, setSummary] = useState("");
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const problem = await send("/v1/summary_suggestion", { performer, suggested_summary: summary });
    setBusy(false);
    setSaid(problem ?? { ok: true, text: REVIEWED });
    if (problem === null) setSummary("");
  };
  return (
    <FormShell
      title="Suggest a summary"
      hint={`What the room is like, in your words: ${SUMMARY_MIN} to ${SUMMARY_MAX} characters. Found by the search's summaries once approved.`}
      busy={busy}
      said={said}
      onSubmit={submit}
      button="Suggest the summary"
    >
      <label className="account-field">
        <span className="account-field__label">Summary</span>
        <textarea
          className="account-field__input community__text"
          name="summary"
          required
          rows={3}
          minLength={SUMMARY_MIN}
          maxLength={SUMMARY_MAX}
          value={summary}
          onChange={(event) => setSummary(event.currentTarget.value)}
        />
      </label>
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
      <SuggestTag performer={performer} />
      <SuggestSummary performer={performer} />
      <WriteQuote performer={performer} />
    </div>
  );
}
