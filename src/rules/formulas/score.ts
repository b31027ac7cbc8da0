/**
 * The score of a ranked row (SPEC §3 score and score_details): how strong a performer's last 30
 * days were, from 0 to 100, from the six details the row shows. Each detail becomes a part between
 * 0 and 1 on a fixed scale (never relative to the other performers, so a score does not move when
 * someone else streams), and the parts are weighted (docs/formulas.md has a worked example).
 */
export interface ScoreDetails {
  /** Streams in the 30 days. */
  broadcasts: number;
  /** Best rank among all rooms in any poll of the 30 days; null when never ranked. */
  best_rank: number | null;
  /** Most viewers in a public show in the 30 days. */
  most_viewers: number;
  /** Minutes online in the 30 days. */
  camTime: number;
  /** Followers at the last sighting. */
  f: number;
  /** Follower gain over the last 7 days. */
  fg: number;
}

/** The parts and their weights; the weights add up to 100. */
export const SCORE_WEIGHTS = {
  viewers: 35,
  followers: 20,
  growth: 15,
  rank: 15,
  camTime: 10,
  broadcasts: 5,
} as const;

// Scales: the SPEC's own upper limits where it has them (viewers 50,000 and followers 10,000,000,
// SPEC §9), a rank of 10,000 or worse earns nothing, 120 hours (4 a day) and 30 streams fill their parts.
const VIEWERS_FULL = 50_000;
const FOLLOWERS_FULL = 10_000_000;
const GAIN_FULL = 100_000;
const RANK_NONE = 10_000;
const CAM_MINUTES_FULL = 120 * 60;
const BROADCASTS_FULL = 30;

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
/** log(1 + value) against log(1 + full): the first hundreds count as much as the next hundred thousands. */
const logPart = (value: number, full: number) =>
  clamp01(Math.log10(1 + Math.max(0, value)) / Math.log10(1 + full));

export function scoreParts(d: ScoreDetails): Record<keyof typeof SCORE_WEIGHTS, number> {
  return {
    viewers: logPart(d.most_viewers, VIEWERS_FULL),
    followers: logPart(d.f, FOLLOWERS_FULL),
    growth: logPart(d.fg, GAIN_FULL),
    rank:
      d.best_rank === null || d.best_rank < 1
        ? 0
        : clamp01(1 - Math.log10(d.best_rank) / Math.log10(RANK_NONE)),
    camTime: clamp01(d.camTime / CAM_MINUTES_FULL),
    broadcasts: clamp01(d.broadcasts / BROADCASTS_FULL),
  };
}

/** The weighted sum of the parts, 0 to 100, rounded to two decimals. */
export function score(d: ScoreDetails): number {
  const parts = scoreParts(d);
  let total = 0;
  for (const key of Object.keys(SCORE_WEIGHTS) as (keyof typeof SCORE_WEIGHTS)[]) {
    total += SCORE_WEIGHTS[key] * parts[key];
  }
  return Math.round(total * 100) / 100;
}
