import { coerceCount } from "./filters.ts";

/**
 * A number input with stepper buttons (SPEC §5): whatever is typed is read as a non-negative whole
 * number (empty or invalid text is 0), and the buttons step by `step` within [low, high].
 */
export function NumberStepper({
  id,
  label,
  value,
  step,
  low,
  high,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  step: number;
  low: number;
  high: number;
  onChange: (value: number) => void;
}) {
  const stepBy = (direction: 1 | -1) => onChange(Math.min(high, Math.max(low, value + direction * step)));
  return (
    <div className="number-stepper">
      <label className="number-stepper__label" htmlFor={id}>
        {label}
      </label>
      <div className="number-stepper__row">
        <button
          type="button"
          className="number-stepper__button"
          aria-label={`${label}: down ${step}`}
          onClick={() => stepBy(-1)}
        >
          −
        </button>
        <input
          id={id}
          className="number-stepper__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={String(value)}
          onChange={(event) => onChange(coerceCount(event.target.value))}
        />
        <button
          type="button"
          className="number-stepper__button"
          aria-label={`${label}: up ${step}`}
          onClick={() => stepBy(1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
