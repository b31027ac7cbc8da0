import { useEffect, useId, useState } from "react";
import type { AccountSession } from "../../lib/account/account-session.ts";
import { callErrorText, listCalls } from "../../lib/lists/list-calls.ts";
import { ALERT_CHOICES, type AlertChoice } from "../../lib/lists/list-data.ts";
import { ALERTS_SAVED } from "./list-texts.ts";

/**
 * Watch or stop watching a list (POST /v1/list_watch) and, while watching, the e-mail alerts'
 * choice (GET and POST /v1/list_alerts): off, each go-live, or a daily digest.
 */
export function ListWatchControls({
  session,
  listId,
  watching,
  onWatching,
}: {
  session: AccountSession;
  listId: string;
  watching: boolean;
  onWatching: (watching: boolean) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await listCalls(session).watch(listId, !watching);
      onWatching(answer.watching);
    } catch (error) {
      setProblem(callErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="list-watch" aria-label="Watching">
      <button
        type="button"
        className={watching ? "account-button account-button--secondary" : "account-button"}
        disabled={busy}
        onClick={() => void toggle()}
      >
        {watching ? "Stop watching" : "Watch this list"}
      </button>
      {watching && <p className="lists-note">You watch this list: it is on your Watched tab.</p>}
      {problem !== null && (
        <p className="account-message account-message--problem" role="alert">
          {problem}
        </p>
      )}
      {watching && <AlertChoiceField session={session} listId={listId} />}
    </section>
  );
}

function AlertChoiceField({ session, listId }: { session: AccountSession; listId: string }) {
  const [choice, setChoice] = useState<AlertChoice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = useId();
  useEffect(() => {
    let current = true;
    listCalls(session)
      .alerts()
      .then(
        (answer) => current && setChoice(answer.alerts[listId] ?? "off"),
        (error: unknown) => current && setProblem(callErrorText(error)),
      );
    return () => {
      current = false;
    };
  }, [session, listId]);
  const choose = async (next: AlertChoice) => {
    const before = choice;
    setChoice(next);
    setBusy(true);
    setProblem(null);
    setSaved(null);
    try {
      const answer = await listCalls(session).setAlerts(listId, next);
      setChoice(answer.alerts);
      setSaved(ALERTS_SAVED[answer.alerts]);
    } catch (error) {
      setChoice(before);
      setProblem(callErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="list-alerts" disabled={choice === null || busy} aria-busy={choice === null}>
      <legend>E-mail alerts</legend>
      {ALERT_CHOICES.map((option) => (
        <label key={option.value} className="list-alerts__choice">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={choice === option.value}
            onChange={() => void choose(option.value)}
          />
          {option.label}
        </label>
      ))}
      {problem !== null && (
        <p className="account-message account-message--problem" role="alert">
          {problem}
        </p>
      )}
      {saved !== null && (
        <p className="account-message" role="status">
          {saved}
        </p>
      )}
    </fieldset>
  );
}
