import type { LiveStats } from "../../../types/live-stats.ts";

/** SPEC §9: live means data within 5 minutes. */
export const LIVE_WITHIN_MS = 5 * 60_000;
/** How often an open page asks for new figures: a poll comes once a minute. */
export const REFRESH_MS = 60_000;

/** "12:03 UTC": the same on the server and in any browser. */
export function utcTime(iso: string): string {
  return `${iso.slice(11, 16)} UTC`;
}

/** A change against a day before in percent, one decimal; null when there is nothing to compare. */
export function changePercent(now: number, before: number | null | undefined): number | null {
  if (before === null || before === undefined || before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/** Minutes since the figures' poll when that is longer than live allows; null while they are live. */
export function staleMinutes(stats: LiveStats, nowMs: number): number | null {
  if (stats.observedAt === null) return null;
  const age = nowMs - Date.parse(stats.observedAt);
  return age > LIVE_WITHIN_MS ? Math.floor(age / 60_000) : null;
}

/** The 24-hour axis: a label every 4 hours ("16:00"), on the steps that start one. */
export function hourLabels(steps: readonly { at: string }[]): (string | null)[] {
  return steps.map(({ at }) =>
    at.slice(14, 16) === "00" && Number(at.slice(11, 13)) % 4 === 0 ? at.slice(11, 16) : null,
  );
}
