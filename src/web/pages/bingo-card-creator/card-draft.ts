import {
  type BingoCard,
  type CardColours,
  type CardSize,
  cardProblem,
  cardSchema,
  centreIndex,
} from "../../../site/bingo/card.ts";
import {
  asCellText,
  type BingoSuggestion,
  BUILT_IN_ACTIONS,
  FREE_TEXT,
} from "../../../site/bingo/common-actions.ts";

/**
 * The card as the editor holds it while it is typed: prices as the fields' text, so a half-typed
 * card is still a state to show; it becomes a card (or the sentence why not) through the model's
 * own validation.
 */
export interface DraftCell {
  text: string;
  tokens: string;
}

export interface CardDraft {
  size: CardSize;
  title: string;
  cells: DraftCell[];
  freeCentre: boolean;
  colours: CardColours;
}

export function draftOf(card: BingoCard): CardDraft {
  return {
    ...card,
    colours: { ...card.colours },
    cells: card.cells.map((c) => ({ text: c.text, tokens: c.tokens === null ? "" : String(c.tokens) })),
  };
}

/** A price field's text as the model reads it: empty is no price, anything but digits is not a number. */
function tokensOf(text: string): number | null {
  const t = text.trim();
  if (t === "") return null;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

function candidateOf(draft: CardDraft) {
  return { ...draft, cells: draft.cells.map((c) => ({ text: c.text, tokens: tokensOf(c.tokens) })) };
}

/** The card the draft makes, or the sentence saying what to fix. */
export function checkDraft(
  draft: CardDraft,
): { card: BingoCard; problem: null } | { card: null; problem: string } {
  const candidate = candidateOf(draft);
  const parsed = cardSchema.safeParse(candidate);
  return parsed.success
    ? { card: parsed.data, problem: null }
    : { card: null, problem: cardProblem(candidate) ?? "This card does not hold." };
}

/** What the preview draws while the draft does not hold: prices that are no number left out. */
export function previewOf(draft: CardDraft): BingoCard {
  const candidate = candidateOf(draft);
  return {
    ...candidate,
    cells: candidate.cells.map((c) => ({
      text: c.text,
      tokens: c.tokens !== null && Number.isInteger(c.tokens) && c.tokens > 0 ? c.tokens : null,
    })),
  };
}

/** The squares in reading order, less a free centre. */
function playSquares(draft: CardDraft): DraftCell[] {
  const centre = draft.freeCentre ? centreIndex(draft.size) : null;
  return draft.cells.filter((_, i) => i !== centre);
}

/** The draft laid out again at `size`, its squares kept in order, new ones from unused suggestions. */
export function resized(
  draft: CardDraft,
  size: CardSize,
  suggestions: readonly BingoSuggestion[],
): CardDraft {
  const freeCentre = draft.freeCentre && size % 2 === 1;
  const centre = freeCentre ? centreIndex(size) : null;
  const kept = playSquares(draft);
  const used = new Set(kept.map((c) => c.text));
  const spare = [...suggestions, ...BUILT_IN_ACTIONS].flatMap((s) => {
    const text = asCellText(s.text);
    if (text === null || used.has(text)) return [];
    used.add(text);
    return [{ text, tokens: String(s.tokens) }];
  });
  const pool = [...kept, ...spare];
  // The free square keeps its own text (FREE, or what the performer wrote there).
  const freeSquare = draft.cells[centreIndex(draft.size) ?? -1] ?? { text: FREE_TEXT, tokens: "" };
  const cells: DraftCell[] = [];
  for (let i = 0; i < size * size; i++) {
    cells.push(i === centre ? freeSquare : (pool.shift() ?? { text: "Tip", tokens: "10" }));
  }
  return { ...draft, size, freeCentre, cells };
}

/** The draft with its centre made free (its square says FREE) or played again. */
export function withFreeCentre(draft: CardDraft, free: boolean): CardDraft {
  const centre = centreIndex(draft.size);
  if (centre === null) return { ...draft, freeCentre: false };
  const cells = draft.cells.map((c, i) => (i === centre && free ? { text: FREE_TEXT, tokens: "" } : c));
  return { ...draft, freeCentre: free, cells };
}
