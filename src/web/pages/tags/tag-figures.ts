import { formatCount, formatSignedCount } from "../../lib/format.ts";

/** An average as the explorer writes it: whole numbers grouped, "–" when unknown; signed for a change. */
export function formatAverage(value: number | null, signed = false): string {
  if (value === null) return "–";
  const rounded = Math.round(value);
  return signed ? formatSignedCount(rounded) : formatCount(rounded);
}

/** A month-on-month change in percent: "+12.5%", "−3%", "–" when unknown. */
export function formatGrowth(value: number | null): string {
  if (value === null) return "–";
  return `${formatSignedCount(value)}%`;
}
