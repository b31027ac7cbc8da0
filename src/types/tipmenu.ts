/**
 * The tip menu search's answer (issue 20, decision 0024), as POST /v1/tipmenu-search sends it and
 * the /tipmenu pages show it.
 */

/** A performer's gender as stored: female, male, couple, trans. */
export type TipMenuGender = "f" | "m" | "c" | "t";
export const TIP_MENU_GENDERS: readonly TipMenuGender[] = ["f", "m", "c", "t"];

export interface TipMenuItem {
  /** As the performer wrote it. */
  item: string;
  tokens: number;
  /** 'goal': the price asked; 'left': the most tokens seen still missing, a lower bound of it. */
  amountKind: "goal" | "left";
  /** 'subject': read from the room subject; 'menu': the verified performer's own tip menu. */
  source: "subject" | "menu";
  performer: { username: string; displayName?: string; gender: TipMenuGender };
  /** ISO: the last poll that saw it, or when the menu was last saved. */
  lastSeen: string;
}

/** Prices of the matching items; every figure null when there are none. */
export interface PriceSpread {
  count: number;
  min: number | null;
  q1: number | null;
  median: number | null;
  q3: number | null;
  max: number | null;
}

export interface TipMenuAnswer {
  searchTerm: string;
  gender: "all" | TipMenuGender;
  minTokens: number;
  maxTokens: number;
  /** Best matches first, then cheapest, then most recently seen; at most 100. */
  items: TipMenuItem[];
  /** Over every matching item of every gender in the token range (the items list keeps to the gender). */
  distribution: { all: PriceSpread; byGender: Record<TipMenuGender, PriceSpread> };
}

/** An item many performers ask for, for the search page's starting links. */
export interface PopularItem {
  itemKey: string;
  performers: number;
  median: number;
}
