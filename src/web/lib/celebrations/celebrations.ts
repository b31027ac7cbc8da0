import type { CelebrationsFile } from "../../../publish/celebrations.ts";
import { formatCount } from "../format.ts";

/**
 * The celebrations page's pure parts (SPEC §2 /celebrations; docs/published-files.md
 * "Celebrations"): the kinds and their filter addresses, the text of one celebration, the grouping
 * by day.
 */
export type Celebration = CelebrationsFile["celebrations"][number];

export const CELEBRATION_KINDS = ["followers", "viewers", "rank"] as const;
export type CelebrationKind = (typeof CELEBRATION_KINDS)[number];

/** The filter's choices, in the order the tabs show them. */
export const KIND_FILTERS = [
  { kind: null, label: "All" },
  { kind: "followers", label: "Followers" },
  { kind: "viewers", label: "Viewers" },
  { kind: "rank", label: "Rank badges" },
] as const satisfies readonly { kind: CelebrationKind | null; label: string }[];

/** What a performer reached: 'reached 10,000 followers', 'reached 2,000 viewers', 'Top 10 of the day'. */
export function celebrationText(celebration: Celebration): string {
  if (celebration.kind === "rank") return `${celebration.badge} of the day`;
  return `reached ${formatCount(celebration.value)} ${celebration.kind}`;
}

/** ?kind=: absent is every kind (null); one of the kinds, once; anything else is undefined (no page). */
export function readKindParam(search: URLSearchParams): CelebrationKind | null | undefined {
  const values = search.getAll("kind");
  if (values.length === 0) return null;
  const [value] = values;
  if (values.length > 1 || value === undefined) return undefined;
  return (CELEBRATION_KINDS as readonly string[]).includes(value) ? (value as CelebrationKind) : undefined;
}

export function celebrationsPath(kind: CelebrationKind | null): string {
  return kind === null ? "/celebrations" : `/celebrations?kind=${kind}`;
}

/** Celebrations by day, newest day first, each day's in the file's order. */
export function byDay<T extends { day: string }>(celebrations: readonly T[]): { day: string; items: T[] }[] {
  const days = new Map<string, T[]>();
  for (const c of celebrations) {
    const items = days.get(c.day);
    if (items) items.push(c);
    else days.set(c.day, [c]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([day, items]) => ({ day, items }));
}

/**
 * Entries shown per day. A new installation's first days celebrate every performer first seen
 * (thousands); past this many a day says how many more there are rather than make a page of
 * megabytes. Established history stays well under it.
 */
export const DAY_LIMIT = 300;

export interface CelebrationsData {
  /** The file's first and last day. */
  from: string;
  to: string;
  kind: CelebrationKind | null;
  path: string;
  /** Newest day first; each entry's text already written. */
  days: { day: string; items: (Celebration & { text: string })[]; more: number }[];
  total: number;
}
