import { type FormEvent, useId, useRef, useState } from "react";
import { type ProfileSettings, TIP_MENU_ITEM_MAX, TIP_MENU_MAX } from "../../../lib/profile/profile-data.ts";
import { PartMessages } from "./part-messages.tsx";
import type { ProfileCalls } from "./profile-calls.ts";
import { TIP_MENU_SAVED } from "./profile-texts.ts";
import { rowsOfTipMenu, type TipMenuRow, tipMenuOfRows } from "./tip-menu-draft.ts";
import { usePartSave } from "./use-part-save.ts";

/**
 * The tip menu: up to TIP_MENU_MAX lines of an item and its tokens, shown on the performer page
 * and found by the tip menu search (/tipmenu) while the account stays verified.
 */
export function TipMenuForm({
  settings,
  calls,
  onSaved,
}: {
  settings: ProfileSettings;
  calls: ProfileCalls;
  onSaved: (settings: ProfileSettings) => void;
}) {
  const [rows, setRows] = useState<TipMenuRow[]>(() => rowsOfTipMenu(settings.tipMenu));
  const nextId = useRef(rows.length + 1);
  const [rowProblems, setRowProblems] = useState<Map<number, string>>(new Map());
  const { busy, problem, done, run, fail } = usePartSave(onSaved);
  const id = useId();
  const change = (rowId: number, part: Partial<TipMenuRow>) =>
    setRows((all) => all.map((row) => (row.id === rowId ? { ...row, ...part } : row)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = tipMenuOfRows(rows);
    setRowProblems(answer.ok ? new Map() : answer.rowProblems);
    if (!answer.ok) return fail(answer.problem ?? "Some lines need a look: see the marked ones.");
    await run(() => calls.save({ tipMenu: answer.lines }), TIP_MENU_SAVED);
  };
  return (
    <form className="account-form profile-part" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`}>Tip menu</h3>
      <p className="account-form__intro">
        What each item costs, up to {TIP_MENU_MAX} lines. Shown on your page and in the{" "}
        <a href="/tipmenu">tip menu search</a>.
      </p>
      {rows.length === 0 && <p className="schedule-day__none">No tip menu yet.</p>}
      <ol className="goal-rows">
        {rows.map((row, index) => (
          <TipMenuRowFields
            key={row.id}
            row={row}
            number={index + 1}
            problem={rowProblems.get(row.id) ?? null}
            onChange={(part) => change(row.id, part)}
            onRemove={() => setRows((all) => all.filter((r) => r.id !== row.id))}
          />
        ))}
      </ol>
      {rows.length < TIP_MENU_MAX && (
        <button
          type="button"
          className="account-link-button"
          onClick={() => setRows((all) => [...all, { id: nextId.current++, item: "", tokens: "" }])}
        >
          Add a line
        </button>
      )}
      <PartMessages problem={problem} done={done} />
      <button type="submit" className="account-button" disabled={busy}>
        {busy ? "Saving…" : "Save tip menu"}
      </button>
    </form>
  );
}

function TipMenuRowFields({
  row,
  number,
  problem,
  onChange,
  onRemove,
}: {
  row: TipMenuRow;
  number: number;
  problem: string | null;
  onChange: (part: Partial<TipMenuRow>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const describedBy = problem === null ? undefined : `${id}-problem`;
  return (
    <li className="goal-row">
      <div className="account-field goal-row__text">
        <label className="account-field__label" htmlFor={`${id}-item`}>
          Item {number}
        </label>
        <input
          id={`${id}-item`}
          className="account-field__input"
          maxLength={TIP_MENU_ITEM_MAX}
          value={row.item}
          aria-invalid={problem !== null || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ item: event.currentTarget.value })}
        />
      </div>
      <div className="account-field goal-row__tokens">
        <label className="account-field__label" htmlFor={`${id}-tokens`}>
          Tokens<span className="sr-only"> for item {number}</span>
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
        aria-label={`Remove item ${number}`}
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
