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

/**
 * What a performer reached: 'reached 10,000 followers', 'reached 2,000 viewers', 'in the Top 10 for
 * the first time'. A rank is a live rank (a place among the rooms online at one moment), so several
 * performers may reach the Top 1 on one day: "of the day" would name three winners of one day.
 */
export function celebrationText(celebration: Celebration): string {
  if (celebration.kind === "rank") return `in the ${celebration.badge} for the first time`;
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
 * Entries shown per day, the biggest first. A new installation's first days celebrate every
 * performer first seen (thousands), and even an established day has hundreds of small milestones;
 * past this many a day says how many more there are, so the week reads as a page, not a wall of
 * links (issue 28). The kind filter shows each kind's own first ones.
 */
export const DAY_LIMIT = 40;

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

/**
 * A day's first `limit` entries, each kind in its turn (followers, rank, viewers, as the file orders
 * them), so a day of many follower milestones still shows its rank badges and viewer records; each
 * kind keeps its own order (biggest first) and the day keeps the file's order of kinds.
 */
export function firstOfEachKind<T extends { kind: string }>(items: readonly T[], limit: number): T[] {
  const kinds = new Map<string, T[]>();
  for (const item of items) {
    const list = kinds.get(item.kind);
    if (list) list.push(item);
    else kinds.set(item.kind, [item]);
  }
  const taken = new Map<string, number>([...kinds.keys()].map((k) => [k, 0]));
  let left = Math.min(limit, items.length);
  while (left > 0) {
    for (const [kind, list] of kinds) {
      const n = taken.get(kind) ?? 0;
      if (left > 0 && n < list.length) {
        taken.set(kind, n + 1);
        left--;
      }
    }
  }
  return [...kinds].flatMap(([kind, list]) => list.slice(0, taken.get(kind)));
}
