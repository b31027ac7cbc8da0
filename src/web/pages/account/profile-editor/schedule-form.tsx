import { type FormEvent, useId, useRef, useState } from "react";
import type { ProfileSettings } from "../../../lib/profile/profile-data.ts";
import { browserZone, type IsoWeekday, WEEKDAY_NAMES, WEEKDAYS } from "../../../lib/profile/weekly-time.ts";
import { PartMessages } from "./part-messages.tsx";
import type { ProfileCalls } from "./profile-calls.ts";
import { SCHEDULE_CLEARED, SCHEDULE_SAVED } from "./profile-texts.ts";
import { rowsOfSlots, type ScheduleRow, slotsOfRows } from "./schedule-draft.ts";
import { TimezoneSelect } from "./timezone-select.tsx";
import { usePartSave } from "./use-part-save.ts";

const nextDayOf = (day: IsoWeekday) => ((day % 7) + 1) as IsoWeekday;

/** A new row's times: an evening, the commonest shift. */
const NEW_ROW = { start: "20:00", end: "23:00" } as const;

/**
 * The weekly schedule editor (/settings and the claim schedule page): the zone, then each weekday's
 * streams, an end at or before the start running past midnight. Saved as the contract's slots.
 */
export function ScheduleForm({
  settings,
  calls,
  onSaved,
  headingLevel = 3,
}: {
  settings: ProfileSettings;
  calls: ProfileCalls;
  onSaved: (settings: ProfileSettings) => void;
  headingLevel?: 2 | 3;
}) {
  const [zone, setZone] = useState(() => settings.schedule?.timezone ?? browserZone());
  const [rows, setRows] = useState<ScheduleRow[]>(() => rowsOfSlots(settings.schedule?.slots ?? []));
  const nextId = useRef(rows.length + 1);
  const [rowProblems, setRowProblems] = useState<Map<number, string>>(new Map());
  const { busy, problem, done, run, fail } = usePartSave(onSaved);
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";

  const add = (day: IsoWeekday) => setRows((all) => [...all, { id: nextId.current++, day, ...NEW_ROW }]);
  const change = (rowId: number, part: Partial<ScheduleRow>) =>
    setRows((all) => all.map((row) => (row.id === rowId ? { ...row, ...part } : row)));
  const remove = (rowId: number) => setRows((all) => all.filter((row) => row.id !== rowId));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = slotsOfRows(rows);
    setRowProblems(answer.ok ? new Map() : answer.rowProblems);
    if (!answer.ok) return fail(answer.problem ?? "Some times need a look: see the marked rows.");
    await run(() => calls.save({ schedule: { timezone: zone, slots: answer.slots } }), SCHEDULE_SAVED);
  };
  const clear = async () => {
    if (await run(() => calls.save({ schedule: null }), SCHEDULE_CLEARED)) {
      setRows([]);
      setRowProblems(new Map());
    }
  };

  return (
    <form className="account-form profile-part" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <Heading id={`${id}-title`}>Schedule</Heading>
      <p className="account-form__intro">
        When you usually stream, in your time zone. Visitors see it in theirs, with yours named, and when your
        next stream is.
      </p>
      <TimezoneSelect value={zone} onChange={setZone} />
      <p className="account-field__hint">
        An end at or before the start runs past midnight into the next day; 00:00 to 00:00 is the whole day.
      </p>
      <div className="schedule-days">
        {WEEKDAYS.map((day) => {
          const dayRows = rows.filter((row) => row.day === day);
          return (
            <fieldset key={day} className="schedule-day">
              <legend>{WEEKDAY_NAMES[day]}</legend>
              {dayRows.length === 0 && <p className="schedule-day__none">No stream</p>}
              {dayRows.map((row) => (
                <SlotRow
                  key={row.id}
                  row={row}
                  problem={rowProblems.get(row.id) ?? null}
                  onChange={(part) => change(row.id, part)}
                  onRemove={() => remove(row.id)}
                />
              ))}
              <button type="button" className="account-link-button" onClick={() => add(day)}>
                Add a time on {WEEKDAY_NAMES[day]}
              </button>
            </fieldset>
          );
        })}
      </div>
      <PartMessages problem={problem} done={done} />
      <div className="claim-actions">
        <button type="submit" className="account-button" disabled={busy}>
          {busy ? "Saving…" : "Save schedule"}
        </button>
        {settings.schedule !== null && (
          <button
            type="button"
            className="account-button account-button--secondary"
            disabled={busy}
            onClick={clear}
          >
            Clear schedule
          </button>
        )}
      </div>
    </form>
  );
}

function SlotRow({
  row,
  problem,
  onChange,
  onRemove,
}: {
  row: ScheduleRow;
  problem: string | null;
  onChange: (part: Partial<ScheduleRow>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const day = WEEKDAY_NAMES[row.day];
  const describedBy = problem === null ? undefined : `${id}-problem`;
  // An end at or before the start runs into the next day (00:00 to 00:00 is the whole day).
  const overnight =
    row.end !== "" &&
    row.start !== "" &&
    row.end <= row.start &&
    !(row.start === "00:00" && row.end === "00:00");
  return (
    <div className="schedule-slot">
      <div className="schedule-slot__times">
        <label>
          <span className="schedule-slot__label">From</span>
          <input
            type="time"
            className="account-field__input"
            value={row.start}
            required
            aria-label={`${day}: from`}
            aria-invalid={problem !== null || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ start: event.currentTarget.value })}
          />
        </label>
        <label>
          <span className="schedule-slot__label">To</span>
          <input
            type="time"
            className="account-field__input"
            value={row.end}
            required
            aria-label={`${day}: to`}
            aria-invalid={problem !== null || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ end: event.currentTarget.value })}
          />
        </label>
        <button
          type="button"
          className="account-link-button schedule-slot__remove"
          aria-label={`Remove ${day} ${row.start} to ${row.end}`}
          onClick={onRemove}
        >
          Remove
        </button>
      </div>
      {overnight && problem === null && (
        <p className="schedule-slot__overnight">
          {row.end === "00:00" ? "To midnight" : `Into ${WEEKDAY_NAMES[nextDayOf(row.day)]}`}
        </p>
      )}
      {problem !== null && (
        <p id={`${id}-problem`} className="schedule-slot__problem">
          {problem}
        </p>
      )}
    </div>
  );
}
