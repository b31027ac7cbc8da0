import { type FormEvent, useId, useRef, useState } from "react";
import { GOAL_TEXT_MAX, GOALS_MAX, type ProfileSettings } from "../../../lib/profile/profile-data.ts";
import { type GoalRow, goalsOfRows, rowsOfGoals } from "./goals-draft.ts";
import { PartMessages } from "./part-messages.tsx";
import type { ProfileCalls } from "./profile-calls.ts";
import { GOALS_SAVED } from "./profile-texts.ts";
import { usePartSave } from "./use-part-save.ts";

/** Goals: up to GOALS_MAX, each a text and optional tokens; the tokens shown only when the performer says. */
export function GoalsForm({
  settings,
  calls,
  onSaved,
}: {
  settings: ProfileSettings;
  calls: ProfileCalls;
  onSaved: (settings: ProfileSettings) => void;
}) {
  const [rows, setRows] = useState<GoalRow[]>(() => rowsOfGoals(settings.goals));
  const [showDetails, setShowDetails] = useState(settings.shouldDisplayGoalDetailsOnProfile);
  const nextId = useRef(rows.length + 1);
  const [rowProblems, setRowProblems] = useState<Map<number, string>>(new Map());
  const { busy, problem, done, run, fail } = usePartSave(onSaved);
  const id = useId();
  const change = (rowId: number, part: Partial<GoalRow>) =>
    setRows((all) => all.map((row) => (row.id === rowId ? { ...row, ...part } : row)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = goalsOfRows(rows);
    setRowProblems(answer.ok ? new Map() : answer.rowProblems);
    if (!answer.ok) return fail(answer.problem ?? "Some goals need a look: see the marked ones.");
    await run(
      () =>
        calls.save({
          goals: answer.goals,
          shouldDisplayGoalDetailsOnProfile: showDetails,
        }),
      GOALS_SAVED,
    );
  };
  return (
    <form className="account-form profile-part" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`}>Goals</h3>
      <p className="account-form__intro">What you are saving up for, up to {GOALS_MAX}.</p>
      {rows.length === 0 && <p className="schedule-day__none">No goals yet.</p>}
      <ol className="goal-rows">
        {rows.map((row, index) => (
          <GoalRowFields
            key={row.id}
            row={row}
            number={index + 1}
            problem={rowProblems.get(row.id) ?? null}
            onChange={(part) => change(row.id, part)}
            onRemove={() => setRows((all) => all.filter((r) => r.id !== row.id))}
          />
        ))}
      </ol>
      {rows.length < GOALS_MAX && (
        <button
          type="button"
          className="account-link-button"
          onClick={() => setRows((all) => [...all, { id: nextId.current++, text: "", tokens: "" }])}
        >
          Add a goal
        </button>
      )}
      <label className="profile-check">
        <input
          type="checkbox"
          checked={showDetails}
          onChange={(event) => setShowDetails(event.currentTarget.checked)}
        />
        Show goal details (the tokens) on my profile
      </label>
      <PartMessages problem={problem} done={done} />
      <button type="submit" className="account-button" disabled={busy}>
        {busy ? "Saving…" : "Save goals"}
      </button>
    </form>
  );
}

function GoalRowFields({
  row,
  number,
  problem,
  onChange,
  onRemove,
}: {
  row: GoalRow;
  number: number;
  problem: string | null;
  onChange: (part: Partial<GoalRow>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const describedBy = problem === null ? undefined : `${id}-problem`;
  return (
    <li className="goal-row">
      <div className="account-field goal-row__text">
        <label className="account-field__label" htmlFor={`${id}-text`}>
          Goal {number}
        </label>
        <input
          id={`${id}-text`}
          className="account-field__input"
          maxLength={GOAL_TEXT_MAX}
          value={row.text}
          aria-invalid={problem !== null || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ text: event.currentTarget.value })}
        />
      </div>
      <div className="account-field goal-row__tokens">
        <label className="account-field__label" htmlFor={`${id}-tokens`}>
          Tokens<span className="sr-only"> for goal {number}</span>{" "}
          <span className="account-field__optional">(optional)</span>
        </label>
        <input
          id={`${id}-tokens`}
          className="account-field__input"
          inputMode="numeric"
          value={row.tokens}
          aria-invalid={problem !== null || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ tokens: event.currentTarget.value })}
        />
      </div>
      <button
        type="button"
        className="account-link-button goal-row__remove"
        aria-label={`Remove goal ${number}`}
        onClick={onRemove}
      >
        Remove
      </button>
      {problem !== null && (
        <p id={`${id}-problem`} className="schedule-slot__problem goal-row__problem">
          {problem}
        </p>
      )}
    </li>
  );
}
