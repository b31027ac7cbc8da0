/**
 * The days of the daily viewer ranking (SPEC §4, §5): which day a page without a date shows, and
 * which days its Prev and Next links reach. The manifest (/stats/manifest.json) lists every day
 * with published files, oldest first; a page never offers a day it does not list.
 */

const DAY_MS = 86_400_000;
/** SPEC §5: "yesterday" is taken 5 minutes late, so the day's files have time to be written. */
const PUBLISH_GRACE_MS = 5 * 60_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a URL segment is a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isValidDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const parsed = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** SPEC §5: the tag explorer and the search take their day an hour late. */
const EXPLORER_GRACE_MS = 60 * 60_000;

/** Yesterday in UTC as SPEC §5 reads it: now − 1 day − 5 minutes, at the start of its day. */
export function yesterdayUtc(nowMs: number): string {
  return new Date(nowMs - DAY_MS - PUBLISH_GRACE_MS).toISOString().slice(0, 10);
}

/** The tag explorer's day as SPEC §5 reads it: now − 1 day − 1 hour, at the start of its day. */
export function explorerDayUtc(nowMs: number): string {
  return new Date(nowMs - DAY_MS - EXPLORER_GRACE_MS).toISOString().slice(0, 10);
}

export interface Manifest {
  latest: string;
  /** Oldest first. */
  days: readonly string[];
}

/**
 * The day a page without a date shows: yesterday UTC when the manifest lists it, otherwise the
 * manifest's latest (before the daily job has published yesterday, or when it skipped a day).
 */
export function latestShownDay(manifest: Manifest, nowMs: number): string {
  const yesterday = yesterdayUtc(nowMs);
  return manifest.days.includes(yesterday) ? yesterday : manifest.latest;
}

export interface DayPlace {
  /** The day shown. */
  day: string;
  /** The day a page without a date shows; links to it leave the date out. */
  latest: string;
  /** The nearest earlier day with files, or null. */
  prev: string | null;
  /** The nearest later day with files up to `latest`, or null: Next is then hidden. */
  next: string | null;
}

/**
 * Where a page stands among the published days: the URL's date (null: the latest shown day) and
 * its neighbours. Null when the URL names a day the manifest does not list (no files: a 404).
 */
export function placeDay(urlDate: string | null, manifest: Manifest, nowMs: number): DayPlace | null {
  const latest = latestShownDay(manifest, nowMs);
  const day = urlDate ?? latest;
  if (!manifest.days.includes(day)) return null;
  const earlier = manifest.days.filter((d) => d < day);
  const later = manifest.days.filter((d) => d > day && d <= latest);
  return { day, latest, prev: earlier.at(-1) ?? null, next: later[0] ?? null };
}
