import { useState } from "react";
import {
  CARD_SIZES,
  type CardColours,
  type CardSize,
  CELL_TEXT_MAX,
  centreIndex,
  TITLE_MAX,
} from "../../../site/bingo/card.ts";
import { PALETTES, priceText } from "../../../site/bingo/card-style.ts";
import type { BingoSuggestion } from "../../../site/bingo/common-actions.ts";
import { type CardDraft, type DraftCell, resized, withFreeCentre } from "./card-draft.ts";
import { type BingoSuggestions, SUGGESTION_GROUPS, type SuggestionGroup } from "./page-data.ts";

const COLOUR_FIELDS: ReadonlyArray<{ key: keyof CardColours; label: string }> = [
  { key: "background", label: "Background" },
  { key: "cell", label: "Squares" },
  { key: "text", label: "Text" },
  { key: "accent", label: "Title, prices and free square" },
];

interface EditorProps {
  draft: CardDraft;
  onChange: (draft: CardDraft) => void;
  suggestions: BingoSuggestions;
  hydrated: boolean;
}

/**
 * The card's editor: title, size, free centre, colours, every square's action and price, and the
 * suggestions (the data's most common goals with their median price) that fill the chosen square.
 * Every field is disabled until the script runs: without it nothing could be changed.
 */
export function BingoEditor({ draft, onChange, suggestions, hydrated }: EditorProps) {
  const centre = draft.freeCentre ? centreIndex(draft.size) : null;
  const firstPlayable = centre === 0 ? 1 : 0;
  const [chosen, setChosen] = useState(firstPlayable);
  const [group, setGroup] = useState<SuggestionGroup>("all");
  const target = chosen < draft.cells.length && chosen !== centre ? chosen : firstPlayable;

  const setCell = (index: number, cell: Partial<DraftCell>) =>
    onChange({ ...draft, cells: draft.cells.map((c, i) => (i === index ? { ...c, ...cell } : c)) });
  const setSize = (size: CardSize) => onChange(resized(draft, size, suggestions.groups.all));
  const pick = (s: BingoSuggestion) => {
    setCell(target, { text: s.text, tokens: String(s.tokens) });
    // On to the next square to fill, past the free one.
    let next = (target + 1) % draft.cells.length;
    if (next === centre) next = (next + 1) % draft.cells.length;
    setChosen(next);
  };
  const disabled = !hydrated;
  const list = suggestions.groups[group];

  return (
    <section className="bingo__editor" aria-labelledby="bingo-edit-heading">
      <h2 id="bingo-edit-heading">Edit the card</h2>
      <fieldset className="bingo__group" disabled={disabled}>
        <legend className="sr-only">Card</legend>
        <div className="account-field">
          <label className="account-field__label" htmlFor="bingo-title">
            Title
          </label>
          <input
            id="bingo-title"
            className="account-field__input"
            value={draft.title}
            maxLength={TITLE_MAX}
            onChange={(e) => onChange({ ...draft, title: e.target.value })}
          />
        </div>
        <div className="bingo__row">
          <div className="account-field">
            <label className="account-field__label" htmlFor="bingo-size">
              Squares
            </label>
            <select
              id="bingo-size"
              className="account-field__input"
              value={draft.size}
              onChange={(e) => setSize(Number(e.target.value) as CardSize)}
            >
              {CARD_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s} × {s}
                </option>
              ))}
            </select>
          </div>
          <label className="bingo__check">
            <input
              type="checkbox"
              checked={draft.freeCentre}
              disabled={draft.size % 2 === 0}
              onChange={(e) => onChange(withFreeCentre(draft, e.target.checked))}
            />
            Free centre square
          </label>
        </div>
      </fieldset>

      <fieldset className="bingo__group" disabled={disabled}>
        <legend>Colours</legend>
        <div className="bingo__palettes">
          {PALETTES.map((p) => (
            <button
              key={p.name}
              type="button"
              className="pill-button bingo__palette"
              onClick={() => onChange({ ...draft, colours: { ...p.colours } })}
              aria-pressed={Object.entries(p.colours).every(
                ([k, v]) => draft.colours[k as keyof CardColours] === v,
              )}
            >
              <span className="bingo__swatch" style={{ background: p.colours.background }} aria-hidden="true">
                <span style={{ background: p.colours.accent }} />
              </span>
              {p.name}
            </button>
          ))}
        </div>
        <div className="bingo__colours">
          {COLOUR_FIELDS.map(({ key, label }) => (
            <label key={key} className="bingo__colour">
              <input
                type="color"
                value={draft.colours[key]}
                onChange={(e) => onChange({ ...draft, colours: { ...draft.colours, [key]: e.target.value } })}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="bingo__group" disabled={disabled}>
        <legend>Suggestions for square {target + 1}</legend>
        {suggestions.source === "data" ? (
          <>
            <p className="account-field__hint">
              The goals performers set most in their room subjects from {suggestions.from} to{" "}
              {suggestions.day}, with the median price they asked.
            </p>
            <div className="account-field bingo__suggestion-group">
              <label className="account-field__label" htmlFor="bingo-group">
                Goals of
              </label>
              <select
                id="bingo-group"
                className="account-field__input"
                value={group}
                onChange={(e) => setGroup(e.target.value as SuggestionGroup)}
              >
                {SUGGESTION_GROUPS.map((g) => (
                  <option key={g.group} value={g.group}>
                    {g.label}
                  </option>
                ))}
              </select>
            </div>
          </>
        ) : (
          <p className="account-field__hint">
            Common room actions with starting prices: we have not seen enough goals in room subjects yet to
            suggest real ones.
          </p>
        )}
        {list.length === 0 ? (
          <p>No common goals for these performers yet.</p>
        ) : (
          <ul className="bingo__suggestions">
            {list.map((s) => (
              <li key={s.text}>
                <button
                  type="button"
                  className="pill-button bingo__suggestion"
                  onClick={() => pick(s)}
                  title={s.performers === null ? undefined : `${s.performers} performers`}
                >
                  {s.text} <span className="bingo__suggestion-price">{priceText(s.tokens)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <fieldset className="bingo__group" disabled={disabled}>
        <legend>Squares</legend>
        <p className="account-field__hint">
          An action of up to {CELL_TEXT_MAX} characters, and its price in tokens (or none). Choose a square,
          then a suggestion below to fill it.
        </p>
        <ol className="bingo__cells">
          {draft.cells.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a square is its place on the card.
            <li key={i} className={i === target ? "bingo__cell bingo__cell--chosen" : "bingo__cell"}>
              <span className="bingo__cell-number" aria-hidden="true">
                {i + 1}
              </span>
              <input
                className="account-field__input bingo__cell-text"
                aria-label={`Square ${i + 1}${i === centre ? " (free)" : ""}`}
                value={c.text}
                maxLength={CELL_TEXT_MAX}
                onFocus={() => setChosen(i)}
                onChange={(e) => setCell(i, { text: e.target.value })}
              />
              {i === centre ? (
                <span className="bingo__free">free</span>
              ) : (
                <input
                  className="account-field__input bingo__cell-tokens"
                  aria-label={`Square ${i + 1} price in tokens`}
                  inputMode="numeric"
                  value={c.tokens}
                  maxLength={7}
                  placeholder="tk"
                  onFocus={() => setChosen(i)}
                  onChange={(e) => setCell(i, { tokens: e.target.value })}
                />
              )}
            </li>
          ))}
        </ol>
      </fieldset>
    </section>
  );
}
