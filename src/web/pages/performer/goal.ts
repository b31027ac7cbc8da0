/**
 * Token goals in room subjects. Tokens are the platform's tipping currency; the feed shows no tips,
 * but performers write their goal into the room's subject. The forms read here are the sandbox's
 * (src/sandbox/room-state.ts: "goal: 500 tokens - …", "… at goal … [120 tokens remaining]") and the
 * common variants of the same words: "Goal 1,000 tk", "GOAL: 300tks", "500 tokens goal",
 * "[45 tokens left]". Nothing else is a goal: "tip 25 tokens for a song" is a tip menu item.
 */
export interface TokenGoal {
  /** The goal's size in tokens, when the subject states it. */
  goal: number | null;
  /** The tokens still missing, when the subject states them. */
  remaining: number | null;
}

/** An amount of tokens: digits, optionally grouped by commas ("1,000"). */
const AMOUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;
const UNIT = String.raw`(?:tokens?|tks?)\b`;

/** "goal: 500 tokens", "goal 500tk", "goal - 1,000 tokens": the word goal, then the amount. */
const GOAL_FIRST = new RegExp(String.raw`\bgoal\b[\s:=\-–—#@]*${AMOUNT}\s*${UNIT}`, "i");
/** "500 tokens goal", "500tk goal". */
const AMOUNT_FIRST = new RegExp(String.raw`${AMOUNT}\s*${UNIT}\s*goal\b`, "i");
/** "[120 tokens remaining]", "120 tks left". */
const REMAINING = new RegExp(String.raw`${AMOUNT}\s*${UNIT}\s*(?:remaining|left|to go)\b`, "i");

/** Above this a figure is a typo or a joke, not a goal. */
export const MAX_GOAL_TOKENS = 1_000_000;

function amount(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = Number(text.replaceAll(",", ""));
  return Number.isInteger(value) && value > 0 && value <= MAX_GOAL_TOKENS ? value : null;
}

/** The goal a room subject states, or null when it states none. */
export function parseTokenGoal(subject: string | null | undefined): TokenGoal | null {
  if (!subject) return null;
  const goal = amount((GOAL_FIRST.exec(subject) ?? AMOUNT_FIRST.exec(subject))?.[1]);
  const remaining = amount(REMAINING.exec(subject)?.[1]);
  if (goal === null && remaining === null) return null;
  // Remaining beyond the goal is a stale or garbled subject: keep the goal alone.
  if (goal !== null && remaining !== null && remaining > goal) return { goal, remaining: null };
  return { goal, remaining };
}

/** The size a goal is sorted by: the stated goal, else what remains (at least that much). */
export function goalSize(goal: TokenGoal): number {
  return goal.goal ?? goal.remaining ?? 0;
}
