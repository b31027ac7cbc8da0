import {
  TIP_MENU_ITEM_MAX,
  TIP_MENU_MAX,
  TIP_MENU_TOKENS_MAX,
  type TipMenuLine,
} from "../../../lib/profile/profile-data.ts";

/** A tip menu line as the form holds it: the tokens as typed. */
export interface TipMenuRow {
  id: number;
  item: string;
  tokens: string;
}

export const TIP_ITEM_MISSING = "Say what the tip is for.";
export const TIP_ITEM_TOO_LONG = `An item is at most ${TIP_MENU_ITEM_MAX} characters.`;
export const TIP_ITEM_NO_WORDS = "An item needs a letter or digit.";
export const TIP_TOKENS_INVALID = `Tokens are a whole number from 1 to ${TIP_MENU_TOKENS_MAX.toLocaleString("en-US")}.`;
export const TOO_MANY_TIP_LINES = `At most ${TIP_MENU_MAX} lines.`;

export const rowsOfTipMenu = (lines: readonly TipMenuLine[]): TipMenuRow[] =>
  lines.map((line, index) => ({ id: index + 1, item: line.item, tokens: String(line.tokens) }));

export type TipMenuOfRows =
  | { ok: true; lines: TipMenuLine[] }
  | { ok: false; rowProblems: Map<number, string>; problem: string | null };

/**
 * The rows as the call takes them (item trimmed to one line, tokens a number; a row left wholly
 * empty is dropped), or what is wrong with each.
 */
export function tipMenuOfRows(rows: readonly TipMenuRow[]): TipMenuOfRows {
  const rowProblems = new Map<number, string>();
  const lines: TipMenuLine[] = [];
  for (const row of rows) {
    const item = row.item.replace(/\s+/g, " ").trim();
    const typed = row.tokens.trim().replace(/[ ,._]/g, "");
    if (item === "" && typed === "") continue;
    if (item === "") rowProblems.set(row.id, TIP_ITEM_MISSING);
    else if (Array.from(item).length > TIP_MENU_ITEM_MAX) rowProblems.set(row.id, TIP_ITEM_TOO_LONG);
    else if (!/[\p{L}\p{N}]/u.test(item)) rowProblems.set(row.id, TIP_ITEM_NO_WORDS);
    else if (!/^\d+$/.test(typed) || Number(typed) < 1 || Number(typed) > TIP_MENU_TOKENS_MAX)
      rowProblems.set(row.id, TIP_TOKENS_INVALID);
    else lines.push({ item, tokens: Number(typed) });
  }
  if (rowProblems.size > 0) return { ok: false, rowProblems, problem: null };
  if (lines.length > TIP_MENU_MAX) return { ok: false, rowProblems, problem: TOO_MANY_TIP_LINES };
  return { ok: true, lines };
}
