import { useEffect, useId, useRef, useState } from "react";
import {
  DEFAULT_FILTERS,
  FILTER_DEFAULTS,
  type Filters,
  type NumberField,
  RANGE_FIELDS,
  type RangeName,
} from "./filters.ts";
import { NumberStepper } from "./number-stepper.tsx";
import { TagChooser } from "./tag-chooser.tsx";

/** The bounds of each number field (SPEC §9: age 18 to 99, followers 0 to 10,000,000, viewers 0 to 50,000). */
const BOUNDS: Record<RangeName, { low: number; high: number }> = {
  age: { low: FILTER_DEFAULTS.minAge, high: FILTER_DEFAULTS.maxAge },
  followers: { low: FILTER_DEFAULTS.minFollowers, high: FILTER_DEFAULTS.maxFollowers },
  viewers: { low: FILTER_DEFAULTS.minViewers, high: FILTER_DEFAULTS.maxViewers },
};

function Switch({ label, on, onToggle }: { label: string; on: boolean; onToggle: () => void }) {
  return (
    <button className="live-switch" type="button" role="switch" aria-checked={on} onClick={onToggle}>
      <span className="live-switch__track" aria-hidden="true">
        <span className="live-switch__thumb" />
      </span>
      {label}
    </button>
  );
}

/**
 * The filter dialog (SPEC §2, §4): a modal <dialog> (the browser traps focus in it, Escape closes
 * it, the page behind is inert), labelled by its heading. It edits a copy of the filters, which are
 * applied when it closes, whether by 'Show results', its close button or Escape; 'Clear all' resets
 * every filter at once.
 */
export function FilterDialog({
  open,
  filters,
  tags,
  onApply,
  onClosed,
}: {
  open: boolean;
  filters: Filters;
  tags: readonly string[];
  onApply: (filters: Filters) => void;
  onClosed: () => void;
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState(filters);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) {
      setDraft(filters);
      draftRef.current = filters;
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open, filters]);

  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  return (
    <dialog
      ref={ref}
      className="filter-dialog"
      aria-labelledby={`${id}-title`}
      onClose={() => {
        onApply(draftRef.current);
        onClosed();
      }}
    >
      <div className="filter-dialog__head">
        <h2 id={`${id}-title`} className="filter-dialog__title">
          Filters
        </h2>
        <button
          type="button"
          className="filter-dialog__close"
          aria-label="Close the filters"
          onClick={() => ref.current?.close()}
        >
          ×
        </button>
      </div>
      <div className="filter-dialog__body">
        <Switch label="Live only" on={draft.liveOnly} onToggle={() => set("liveOnly", !draft.liveOnly)} />
        <TagChooser tags={tags} chosen={draft.tags} onChange={(chosen) => set("tags", chosen)} />
        {draft.tags.length > 1 && (
          <Switch
            label="Match all tags"
            on={draft.requireAllTags}
            onToggle={() => set("requireAllTags", !draft.requireAllTags)}
          />
        )}
        {(Object.keys(RANGE_FIELDS) as RangeName[]).map((name) => {
          const field = RANGE_FIELDS[name];
          const { low, high } = BOUNDS[name];
          const stepper = (key: NumberField, which: string) => (
            <NumberStepper
              id={`${id}-${key}`}
              label={`${which} ${field.label.toLowerCase()}`}
              value={draft[key]}
              step={field.step}
              low={low}
              high={high}
              onChange={(value) => set(key, value)}
            />
          );
          return (
            <fieldset key={name} className="filter-dialog__range">
              <legend>{field.label}</legend>
              {stepper(field.min, "Minimum")}
              {stepper(field.max, "Maximum")}
            </fieldset>
          );
        })}
      </div>
      <div className="filter-dialog__actions">
        <button
          type="button"
          className="filter-dialog__clear"
          onClick={() => {
            setDraft(DEFAULT_FILTERS);
            onApply(DEFAULT_FILTERS);
          }}
        >
          Clear all
        </button>
        <button type="button" className="filter-dialog__show" onClick={() => ref.current?.close()}>
          Show results
        </button>
      </div>
    </dialog>
  );
}
