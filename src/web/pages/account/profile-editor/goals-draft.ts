import {
  GOAL_TEXT_MAX,
  GOAL_TOKENS_MAX,
  GOALS_MAX,
  type ProfileGoal,
} from "../../../lib/profile/profile-data.ts";

/** A goal as the form holds it: the tokens as typed (empty for none). */
export interface GoalRow {
  id: number;
  text: string;
  tokens: string;
}

export const GOAL_TEXT_MISSING = "Say what the goal is.";
export const GOAL_TEXT_TOO_LONG = `A goal is at most ${GOAL_TEXT_MAX} characters.`;
export const GOAL_TOKENS_INVALID = `Tokens are a whole number from 1 to ${GOAL_TOKENS_MAX.toLocaleString("en-US")}, or empty.`;
export const TOO_MANY_GOALS = `At most ${GOALS_MAX} goals.`;

export const rowsOfGoals = (goals: readonly ProfileGoal[]): GoalRow[] =>
  goals.map((goal, index) => ({
    id: index + 1,
    text: goal.text,
    tokens: goal.tokens === null ? "" : String(goal.tokens),
  }));

export type GoalsOfRows =
  | { ok: true; goals: ProfileGoal[] }
  | { ok: false; rowProblems: Map<number, string>; problem: string | null };

/** The rows as the call takes them (text trimmed, tokens a number or null), or what is wrong. */
export function goalsOfRows(rows: readonly GoalRow[]): GoalsOfRows {
  const rowProblems = new Map<number, string>();
  const goals: ProfileGoal[] = [];
  for (const row of rows) {
    const text = row.text.trim();
    const typed = row.tokens.trim().replace(/[ ,._]/g, "");
    if (text === "") rowProblems.set(row.id, GOAL_TEXT_MISSING);
    else if (Array.from(text).length > GOAL_TEXT_MAX) rowProblems.set(row.id, GOAL_TEXT_TOO_LONG);
    else if (typed !== "" && (!/^\d+$/.test(typed) || Number(typed) < 1 || Number(typed) > GOAL_TOKENS_MAX))
      rowProblems.set(row.id, GOAL_TOKENS_INVALID);
    else goals.push({ text, tokens: typed === "" ? null : Number(typed) });
  }
  if (rowProblems.size > 0) return { ok: false, rowProblems, problem: null };
  if (goals.length > GOALS_MAX) return { ok: false, rowProblems, problem: TOO_MANY_GOALS };
  return { ok: true, goals };
}
