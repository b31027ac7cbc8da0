import { formatSignedCount } from "../../lib/format.ts";

/** How the performer pages write figures and times: grouped digits, UTC. */
const numbers = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** 12,345 or 12.5; an en dash for none. */
export const figure = (value: number | null | undefined) => (value == null ? "–" : numbers.format(value));

/** "2026-01-02 18:05 UTC" from an ISO instant. */
export const utcTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** "+12" / "−3" / "0" for a follower change; an en dash for none. */
export function change(from: number | null, to: number | null): string {
  if (from === null || to === null) return "–";
  return formatSignedCount(to - from);
}

/** Minutes between two ISO instants, rounded. */
export const minutesBetween = (start: string, end: string) =>
  Math.round((Date.parse(end) - Date.parse(start)) / 60_000);
