/** A value axis from 0: round ticks covering the largest value, and the axis' top. */
export interface ValueAxis {
  ticks: number[];
  top: number;
}

/** Steps of 1, 2, 2.5 or 5 times a power of ten: ticks a reader can add up at a glance. */
const STEPS = [1, 2, 2.5, 5, 10];

/** About `count` round ticks from 0 to at least `max`; whole numbers only when `integer`. */
export function valueAxis(max: number, count = 4, integer = false): ValueAxis {
  if (!(max > 0)) return { ticks: [0, 1], top: 1 };
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  let step = power * (STEPS.find((s) => s * power >= raw) ?? 10);
  if (integer) step = Math.max(1, Math.ceil(step));
  const top = Math.ceil(max / step - 1e-9) * step;
  // Rounded to the step's own precision, so 0.1 + 0.2 reads 0.3.
  const scale = 10 ** Math.max(0, 2 - Math.floor(Math.log10(step)));
  const ticks: number[] = [];
  for (let i = 0; i * step <= top * (1 + 1e-9); i++) ticks.push(Math.round(i * step * scale) / scale);
  return { ticks, top };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-01" as "Jan", and January with its year ("Jan 26") so a year's turn is plain. */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-");
  const name = MONTHS[Number(m) - 1] ?? month;
  return m === "01" ? `${name} ${year?.slice(2)}` : name;
}

/** "2026-01" as "Jan 2026", for tables. */
export function monthWithYear(month: string): string {
  const [year, m] = month.split("-");
  return `${MONTHS[Number(m) - 1] ?? month} ${year}`;
}
