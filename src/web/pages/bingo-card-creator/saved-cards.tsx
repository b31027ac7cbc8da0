import { useCallback, useEffect, useState } from "react";
import type { BingoCard } from "../../../site/bingo/card.ts";
import { ProblemMessage } from "../../components/account/form-parts.tsx";
import type { AccountSession } from "../../lib/account/account-session.ts";
import type { ApiProblem } from "../../lib/account/api-answer.ts";
import { useLoginStatus } from "../../lib/account/login-status.tsx";
import { problemOfError } from "../../lib/account/performer-claim.ts";

interface SavedCard {
  id: string;
  title: string;
  card: BingoCard;
  code: string;
  updatedAt: string;
}
interface SavedCardsAnswer {
  canSave: boolean;
  max: number;
  cards: SavedCard[];
}

interface SavedCardsProps {
  /** The editor's card when it holds (null: nothing to save). */
  card: BingoCard | null;
  /** The saved card the editor opened, which Save replaces. */
  savedId: string | null;
  onOpen: (card: BingoCard, id: string) => void;
  onSaved: (id: string) => void;
}

/**
 * A verified performer's saved cards (GET /v1/bingo_cards): save the card, open or delete one.
 * Rendered in the browser only, from the signed-in calls (the page itself is the same for all).
 */
export function SavedCards(props: SavedCardsProps) {
  const { status, session } = useLoginStatus();
  if (status !== true || session === null) return null;
  return <SignedInCards session={session} {...props} />;
}

function SignedInCards({
  session,
  card,
  savedId,
  onOpen,
  onSaved,
}: SavedCardsProps & { session: AccountSession }) {
  const [answer, setAnswer] = useState<SavedCardsAnswer | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const read = useCallback(
    () =>
      session
        .authedGet<SavedCardsAnswer>("/v1/bingo_cards")
        .then(setAnswer, (e) => setProblem(problemOfError(e))),
    [session],
  );
  useEffect(() => {
    void read();
  }, [read]);

  const act = async (what: () => Promise<unknown>, message: string) => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      await what();
      // The list first, then the word: "saved" never shows beside a list without the card.
      await read();
      setDone(message);
    } catch (error) {
      setProblem(problemOfError(error));
    } finally {
      setBusy(false);
    }
  };
  const save = (asNew: boolean) =>
    act(async () => {
      const saved = await session.authedPost<SavedCard>("/v1/bingo_card_save", {
        card,
        ...(asNew || savedId === null ? {} : { id: savedId }),
      });
      onSaved(saved.id);
    }, "Card saved.");

  if (answer === null) return problem === null ? null : <ProblemMessage problem={problem} />;
  if (!answer.canSave)
    return (
      <p className="account-field__hint bingo__saved-hint">
        Verified performers can save their cards here. <a href="/settings">Verify your performer account</a>{" "}
        to keep up to {answer.max}.
      </p>
    );
  return (
    <section className="bingo__saved" aria-labelledby="bingo-saved-heading">
      <h2 id="bingo-saved-heading">Your saved cards</h2>
      <div className="bingo__actions">
        <button
          type="button"
          className="account-button"
          disabled={busy || card === null}
          onClick={() => save(false)}
        >
          {savedId === null ? "Save card" : "Save changes"}
        </button>
        {savedId !== null && (
          <button
            type="button"
            className="account-button account-button--secondary"
            disabled={busy || card === null}
            onClick={() => save(true)}
          >
            Save as a new card
          </button>
        )}
      </div>
      <ProblemMessage problem={problem} />
      <p className="account-field__hint" role="status">
        {done ?? `${answer.cards.length} of ${answer.max} saved.`}
      </p>
      {answer.cards.length > 0 && (
        <ul className="bingo__saved-list">
          {answer.cards.map((c) => (
            <li key={c.id} className="bingo__saved-item">
              <span className="bingo__saved-title">{c.title}</span>
              <button type="button" className="account-link-button" onClick={() => onOpen(c.card, c.id)}>
                Open<span className="sr-only"> {c.title}</span>
              </button>
              <button
                type="button"
                className="account-link-button"
                disabled={busy}
                onClick={() =>
                  act(() => session.authedPost("/v1/bingo_card_delete", { id: c.id }), "Card deleted.")
                }
              >
                Delete<span className="sr-only"> {c.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
