import type { WindowPerformer } from "../../db/queries/window-performers.ts";
import { type ScoreDetails, score } from "../../rules/formulas/score.ts";
import { topK } from "./top-k.ts";

/** A ranked row (SPEC §3): exactly these fields. */
export interface RankedRow {
  u: string;
  rank: number;
  /** Rank in the previous edition of the same list (the day before), null when not in it. */
  pr: number | null;
  score: number;
  score_details: ScoreDetails;
  max_u: number;
  f: number;
  fg: number;
  t: string[];
}

/** What a list is ordered by: most followed, fastest rising, top monthly (score), most viewers. */
export type RankOrder = "followers" | "gain" | "score" | "viewers";

/** A performer with its row's figures worked out once. */
export interface Scored extends WindowPerformer {
  score: number;
}

/** The score_details of a performer's window (SPEC §3 names). */
function detailsOf(p: WindowPerformer): ScoreDetails {
  return {
    broadcasts: p.broadcasts,
    best_rank: p.bestRank,
    most_viewers: p.mostViewers,
    camTime: p.camTime,
    f: p.followers,
    fg: p.weekGain,
  };
}

export function withScore(p: WindowPerformer): Scored {
  return { ...p, score: score(detailsOf(p)) };
}

const byName = (a: Scored, b: Scored) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0);

/** Each order's ties are broken the same way every time, ending with the name. */
const ORDERS: Record<RankOrder, (a: Scored, b: Scored) => number> = {
  followers: (a, b) => b.followers - a.followers || b.score - a.score || byName(a, b),
  gain: (a, b) => b.weekGain - a.weekGain || b.followers - a.followers || byName(a, b),
  score: (a, b) => b.score - a.score || b.mostViewers - a.mostViewers || byName(a, b),
  viewers: (a, b) => b.mostViewers - a.mostViewers || b.followers - a.followers || byName(a, b),
};

/** The first `limit` performers in the order, ranked from 1. */
export function topOf(performers: Scored[], order: RankOrder, limit: number): Scored[] {
  return topK(performers, ORDERS[order], limit);
}

/** The rows of a list, with each performer's rank in the previous edition (username -> rank). */
export function rankedRows(top: Scored[], previous: ReadonlyMap<string, number>): RankedRow[] {
  return top.map((p, i) => ({
    u: p.username,
    rank: i + 1,
    pr: previous.get(p.username) ?? null,
    score: p.score,
    score_details: detailsOf(p),
    max_u: p.mostViewers,
    f: p.followers,
    fg: p.weekGain,
    t: p.tags,
  }));
}

/** username -> rank of a list's edition. */
export function ranksOf(top: Scored[]): Map<string, number> {
  return new Map(top.map((p, i) => [p.username, i + 1]));
}
