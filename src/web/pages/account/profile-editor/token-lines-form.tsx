import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import type { ProfileSettings } from "../../../lib/profile/profile-data.ts";
import { PartMessages } from "./part-messages.tsx";
import { usePartSave } from "./use-part-save.ts";

/** A line as the editor holds it: its text under the field's key, its tokens as typed. */
export type TokenLine<Key extends string> = { id: number; tokens: string } & Record<Key, string>;

/** What the editor says and allows for one field of the profile (the goals, the tip menu). */
export interface TokenLinesRules<Key extends string> {
  title: string;
  intro: ReactNode;
  /** Shown when there is no line. */
  none: string;
  max: number;
  /** The line's text: its key in the line and in the input's id, its label ("Goal" 1), its length. */
  textKey: Key;
  textLabel: string;
  textMax: number;
  /** What a line is called in the tokens' label and the remove button ("goal": "Remove goal 1"). */
  noun: string;
  tokensOptional: boolean;
  add: string;
  save: string;
  /** The problem shown when lines are marked but the check names no problem of the whole. */
  marked: string;
}

/** The check of the lines: the value to save, or a problem a line and one for the whole. */
type Checked = { ok: true } | { ok: false; rowProblems: Map<number, string>; problem: string | null };

/**
 * The editor of a list of lines, each a text and its tokens, saved as one part of the profile
 * (the goals and the tip menu share it; `children` stand under the lines, above the messages).
 */
export function TokenLinesForm<Key extends string, Answer extends Checked>({
  rules,
  initial,
  check,
  save,
  saved,
  onSaved,
  children,
}: {
  rules: TokenLinesRules<Key>;
  initial: () => TokenLine<Key>[];
  check: (rows: TokenLine<Key>[]) => Answer;
  save: (answer: Extract<Answer, { ok: true }>) => Promise<ProfileSettings>;
  /** Our line of success. */
  saved: string;
  onSaved: (settings: ProfileSettings) => void;
  children?: ReactNode;
}) {
  const [rows, setRows] = useState<TokenLine<Key>[]>(initial);
  const nextId = useRef(rows.length + 1);
  const [rowProblems, setRowProblems] = useState<Map<number, string>>(new Map());
  const { busy, problem, done, run, fail } = usePartSave(onSaved);
  const id = useId();
  const change = (rowId: number, part: Partial<TokenLine<Key>>) =>
    setRows((all) => all.map((row) => (row.id === rowId ? { ...row, ...part } : row)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = check(rows);
    if (!answer.ok) {
      setRowProblems(answer.rowProblems);
      return fail(answer.problem ?? rules.marked);
    }
    setRowProblems(new Map());
    await run(() => save(answer as Extract<Answer, { ok: true }>), saved);
  };
  const empty = { id: 0, tokens: "", [rules.textKey]: "" } as TokenLine<Key>;
  return (
    <form className="account-form profile-part" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`}>{rules.title}</h3>
      <p className="account-form__intro">{rules.intro}</p>
      {rows.length === 0 && <p className="schedule-day__none">{rules.none}</p>}
      <ol className="goal-rows">
        {rows.map((row, index) => (
          <TokenLineFields
            key={row.id}
            rules={rules}
            row={row}
            number={index + 1}
            problem={rowProblems.get(row.id) ?? null}
            onChange={(part) => change(row.id, part)}
            onRemove={() => setRows((all) => all.filter((r) => r.id !== row.id))}
          />
        ))}
      </ol>
      {rows.length < rules.max && (
        <button
          type="button"
          className="account-link-button"
          onClick={() => setRows((all) => [...all, { ...empty, id: nextId.current++ }])}
        >
          {rules.add}
        </button>
      )}
      {children}
      <PartMessages problem={problem} done={done} />
      <button type="submit" className="account-button" disabled={busy}>
        {busy ? "Saving…" : rules.save}
      </button>
    </form>
  );
}

function TokenLineFields<Key extends string>({
  rules,
  row,
  number,
  problem,
  onChange,
  onRemove,
}: {
  rules: TokenLinesRules<Key>;
  row: TokenLine<Key>;
  number: number;
  problem: string | null;
  onChange: (part: Partial<TokenLine<Key>>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const describedBy = problem === null ? undefined : `${id}-problem`;
  const textId = `${id}-${rules.textKey}`;
  return (
    <li className="goal-row">
      <div className="account-field goal-row__text">
        <label className="account-field__label" htmlFor={textId}>
          {rules.textLabel} {number}
        </label>
        <input
          id={textId}
          className="account-field__input"
          maxLength={rules.textMax}
          value={row[rules.textKey]}
          aria-invalid={problem !== null || undefined}
          aria-describedby={describedBy}
          onChange={(event) =>
            onChange({ [rules.textKey]: event.currentTarget.value } as Partial<TokenLine<Key>>)
          }
        />
      </div>
      <div className="account-field goal-row__tokens">
        <label className="account-field__label" htmlFor={`${id}-tokens`}>
          Tokens
          <span className="sr-only">
            {" "}
            for {rules.noun} {number}
          </span>
          {rules.tokensOptional && (
            <>
              {" "}
              <span className="account-field__optional">(optional)</span>
            </>
          )}
        </label>
        <input
          id={`${id}-tokens`}
          className="account-field__input"
          inputMode="numeric"
          value={row.tokens}
          aria-invalid={problem !== null || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ tokens: event.currentTarget.value } as Partial<TokenLine<Key>>)}
        />
      </div>
      <button
        type="button"
        className="account-link-button goal-row__remove"
        aria-label={`Remove ${rules.noun} ${number}`}
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
