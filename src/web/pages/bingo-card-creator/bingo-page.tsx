import { type MouseEvent, useEffect, useState } from "react";
import type { BingoCard } from "../../../site/bingo/card.ts";
import { encodeCard } from "../../../site/bingo/card-link.ts";
import { ROOM_SIZE_NAMES, ROOM_SIZES, type RoomSize } from "../../../site/bingo/card-style.ts";
import { BINGO_PAGE_PATH, cardFileName, cardPagePath, cardPngPath } from "../../../site/bingo/card-urls.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { BingoEditor } from "./bingo-editor.tsx";
import { type CardDraft, checkDraft, draftOf, previewOf } from "./card-draft.ts";
import { CardPreview } from "./card-preview.tsx";
import { downloadCard } from "./download-card.ts";
import type { BingoPageData } from "./page-data.ts";
import { SavedCards } from "./saved-cards.tsx";

export const COPIED_MESSAGE = "Link copied.";
export const COPY_FAILED_MESSAGE = "Your browser would not copy: select the link and copy it.";

/**
 * /bingo-card-creator: the card (drawn as the PNG will be), the ways to take it away (the PNG at a
 * room size, a link that opens this card), and the editor beside it. The server renders the first
 * card, so without scripts the page still shows it with its download; editing needs the script.
 */
export function BingoCreatorPage({ data, origin }: { data: BingoPageData; origin: string }) {
  const hydrated = useHydrated();
  const [draft, setDraft] = useState<CardDraft>(() => draftOf(data.card));
  const [room, setRoom] = useState<RoomSize>(data.room);
  const [savedId, setSavedId] = useState<string | null>(null);
  const [copyState, setCopyState] = useState<string | null>(null);
  const [downloadProblem, setDownloadProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const checked = checkDraft(draft);
  const card = checked.card;
  const code = card === null ? null : encodeCard(card);
  const [firstCode] = useState(code);

  // Once edited, the address is the card's own, so a reload or a bookmark keeps it.
  useEffect(() => {
    if (code === null || code === firstCode) return;
    window.history.replaceState(window.history.state, "", `${BINGO_PAGE_PATH}?card=${code}&size=${room}`);
  }, [code, firstCode, room]);

  const shareUrl = card === null ? "" : `${origin}${cardPagePath(card)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl);
      setCopyState(COPIED_MESSAGE);
    } catch {
      setCopyState(COPY_FAILED_MESSAGE);
    }
  };
  const download = async (event: MouseEvent<HTMLAnchorElement>, chosen: BingoCard) => {
    // Without scripts the link downloads by itself; with them, a refusal is said in the page.
    event.preventDefault();
    if (downloading) return;
    setDownloading(true);
    setDownloadProblem(null);
    const outcome = await downloadCard(event.currentTarget.href, cardFileName(chosen, room));
    setDownloading(false);
    if (!outcome.ok) setDownloadProblem(outcome.message);
  };
  const open = (opened: BingoCard, id: string) => {
    setDraft(draftOf(opened));
    setSavedId(id);
  };

  return (
    <article className="page bingo">
      <h1>Bingo card creator</h1>
      <p className="page__lead">
        Make a tip bingo card for your room: pick actions and prices from what performers really ask for,
        choose your colours, then download it as an image sized for your bio or your stream, or share a link
        to it. No account needed.
      </p>
      {data.problem !== null && (
        <div className="account-message account-message--problem bingo__link-problem" role="alert">
          <p>{data.problem}</p>
          <p>Here is a new card to start from instead.</p>
        </div>
      )}

      <div className="bingo__layout">
        <section className="bingo__card" aria-labelledby="bingo-card-heading">
          <h2 id="bingo-card-heading">Your card</h2>
          <CardPreview card={card ?? previewOf(draft)} room={room} />
          <p className="bingo__problem" role="status">
            {checked.problem === null ? "" : `To download or share, fix this: ${checked.problem}`}
          </p>

          <form method="get" action={BINGO_PAGE_PATH} className="bingo__room">
            {code !== null && <input type="hidden" name="card" value={code} />}
            <div className="account-field">
              <label className="account-field__label" htmlFor="bingo-room">
                Image size
              </label>
              <select
                id="bingo-room"
                name="size"
                className="account-field__input"
                value={room}
                onChange={(e) => setRoom(e.target.value as RoomSize)}
              >
                {ROOM_SIZE_NAMES.map((r) => (
                  <option key={r} value={r}>
                    {ROOM_SIZES[r].label}
                  </option>
                ))}
              </select>
            </div>
            {!hydrated && (
              <button type="submit" className="account-button account-button--secondary">
                Show
              </button>
            )}
          </form>

          <div className="bingo__actions">
            {card === null ? (
              <span className="account-button bingo__disabled" aria-disabled="true">
                Download PNG
              </span>
            ) : (
              <a
                className="account-button"
                href={cardPngPath(card, room)}
                download
                aria-busy={downloading}
                onClick={hydrated ? (event) => void download(event, card) : undefined}
              >
                Download PNG
              </a>
            )}
            {hydrated && (
              <button
                type="button"
                className="account-button account-button--secondary"
                onClick={copy}
                disabled={card === null}
              >
                Copy link
              </button>
            )}
          </div>
          {downloadProblem !== null && (
            <p className="account-message account-message--problem" role="alert">
              {downloadProblem}
            </p>
          )}
          <div className="account-field bingo__share">
            <label className="account-field__label" htmlFor="bingo-link">
              Link to this card
            </label>
            <input
              id="bingo-link"
              className="account-field__input"
              readOnly
              value={shareUrl}
              onFocus={(e) => e.currentTarget.select()}
            />
            <p className="account-field__hint" role="status">
              {copyState ?? "Anyone with the link sees this card and can make it their own."}
            </p>
          </div>
          <SavedCards card={card} savedId={savedId} onOpen={open} onSaved={setSavedId} />
        </section>

        <BingoEditor draft={draft} onChange={setDraft} suggestions={data.suggestions} hydrated={hydrated} />
      </div>
    </article>
  );
}
