import type { BingoCard } from "../../../site/bingo/card.ts";
import type { RoomSize } from "../../../site/bingo/card-style.ts";
import type { BingoSuggestion } from "../../../site/bingo/common-actions.ts";

/** Whose goals a suggestion list is from: every performer, or one gender's (the data file's groups). */
export const SUGGESTION_GROUPS = [
  { group: "all", label: "All performers" },
  { group: "women", label: "Women" },
  { group: "men", label: "Men" },
  { group: "couples", label: "Couples" },
  { group: "trans", label: "Trans" },
] as const;
export type SuggestionGroup = (typeof SUGGESTION_GROUPS)[number]["group"];

/** Suggestions a list shows: enough to fill two 5 × 5 cards. */
export const SUGGESTIONS_SHOWN = 50;

export interface BingoSuggestions {
  /** "data": the bingo data file's items; "built-in": the starting list, before any data. */
  source: "data" | "built-in";
  /** The data's days (null for the built-in list). */
  from: string | null;
  day: string | null;
  groups: Record<SuggestionGroup, BingoSuggestion[]>;
}

export interface BingoPageData {
  /** The card shown first: the link's (?card=), or one made from the top suggestions. */
  card: BingoCard;
  /** true when the card came from the link. */
  shared: boolean;
  /** Why the link's card could not be shown (the default card is shown instead); null when fine. */
  problem: string | null;
  room: RoomSize;
  suggestions: BingoSuggestions;
}

/** Kept five minutes: the data changes once a day, and a card's link shows the same card always. */
export const BINGO_CACHE_CONTROL = "public, max-age=300";
