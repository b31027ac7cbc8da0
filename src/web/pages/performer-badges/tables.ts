import { RANK_BADGES, rankBadge, VIEWER_BADGES, viewerBadge } from "../../../rules/formulas/badges.ts";
import {
  FOLLOWER_TIERS,
  FOLLOWERS_STARTING_TEXT,
  followerTier,
} from "../../../rules/formulas/follower-tiers.ts";
import type { Celebration } from "../../lib/celebrations/celebrations.ts";
import { formatCount } from "../../lib/format.ts";

/**
 * The performer badges page's tables, built from the formulas' own constants and named by the
 * formulas' own functions (src/rules/formulas/), so no step is written a second time here.
 */

export interface Earner {
  username: string;
  day: string;
  /** What they reached, when it says more than the badge: 'reached 2,000 viewers'. */
  text: string | null;
}

export interface BadgeRow {
  name: string;
  /** The rule as the formula applies it. */
  rule: string;
  /** Who earned it in the celebrations' 7 days, newest first, one entry per performer. */
  earned: Earner[];
  /** Earners past the ones listed. */
  more: number;
}

/** Earners listed per badge; the rest are on /celebrations. */
export const EARNERS_SHOWN = 20;

/** Rank badges (SPEC §9): `rankBadge` gives the smallest step at or above the day's best rank. */
export function rankBadgeRows(): Omit<BadgeRow, "earned" | "more">[] {
  return RANK_BADGES.map((limit, i) => {
    const from = i === 0 ? 1 : (RANK_BADGES[i - 1] as number) + 1;
    return {
      name: rankBadge(limit) ?? "",
      rule:
        from === limit
          ? `Best rank of a day: #${formatCount(limit)}`
          : `Best rank of a day: #${formatCount(from)} to #${formatCount(limit)}`,
    };
  });
}

/** Viewer badges (SPEC §9): `viewerBadge` gives the highest step the peak viewers reach. */
export function viewerBadgeRows(): Omit<BadgeRow, "earned" | "more">[] {
  return VIEWER_BADGES.map((badge, i) => {
    const next = VIEWER_BADGES[i + 1];
    const rule =
      i === 0 && next
        ? `Peak viewers under ${formatCount(next.from)}`
        : next
          ? `Peak viewers ${formatCount(badge.from)} to ${formatCount(next.from - 1)}`
          : `Peak viewers ${formatCount(badge.from)} or more`;
    return { name: viewerBadge(badge.from), rule };
  });
}

/** Follower tiers (SPEC §9): `followerTier` reads "more than" strictly. */
export function followerTierRows(): Omit<BadgeRow, "earned" | "more">[] {
  const first = FOLLOWER_TIERS[0]?.above ?? 0;
  return [
    { name: FOLLOWERS_STARTING_TEXT, rule: `${formatCount(first)} followers or fewer, or not known yet` },
    ...FOLLOWER_TIERS.map((tier, i) => {
      const next = FOLLOWER_TIERS[i + 1];
      return {
        name: followerTier(tier.above + 1),
        rule: next
          ? `${formatCount(tier.above + 1)} to ${formatCount(next.above)} followers`
          : `${formatCount(tier.above + 1)} followers or more`,
      };
    }),
  ];
}

/** Earners per badge name, newest first, each performer once (their newest). */
function earnersBy(celebrations: readonly Celebration[], badgeOf: (c: Celebration) => string | null) {
  const byName = new Map<string, Earner[]>();
  const seen = new Set<string>();
  for (const c of celebrations) {
    const name = badgeOf(c);
    if (name === null || seen.has(`${name}\n${c.username}`)) continue;
    seen.add(`${name}\n${c.username}`);
    const text = c.kind === "rank" ? null : `reached ${formatCount(c.value)} ${c.kind}`;
    const list = byName.get(name) ?? [];
    list.push({ username: c.username, day: c.day, text });
    byName.set(name, list);
  }
  return byName;
}

function withEarners(rows: Omit<BadgeRow, "earned" | "more">[], earners: Map<string, Earner[]>): BadgeRow[] {
  return rows.map((row) => {
    const all = earners.get(row.name) ?? [];
    return { ...row, earned: all.slice(0, EARNERS_SHOWN), more: Math.max(0, all.length - EARNERS_SHOWN) };
  });
}

export interface BadgeTables {
  rank: BadgeRow[];
  viewers: BadgeRow[];
  followers: BadgeRow[];
}

/**
 * The three tables with who earned each badge recently, from the celebrations file (newest day
 * first): a rank badge as celebrated; a viewer milestone earns the viewer badge of that many viewers;
 * a follower milestone puts the performer in the tier of that many followers.
 */
export function badgeTables(celebrations: readonly Celebration[]): BadgeTables {
  const newestFirst = [...celebrations].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
  return {
    rank: withEarners(
      rankBadgeRows(),
      earnersBy(newestFirst, (c) => (c.kind === "rank" ? c.badge : null)),
    ),
    viewers: withEarners(
      viewerBadgeRows(),
      earnersBy(newestFirst, (c) => (c.kind === "viewers" ? viewerBadge(c.value) : null)),
    ),
    followers: withEarners(
      followerTierRows(),
      earnersBy(newestFirst, (c) => (c.kind === "followers" ? followerTier(c.value) : null)),
    ),
  };
}

export interface BadgesData extends BadgeTables {
  /** The celebrations' days, or null before the file is published. */
  from: string | null;
  to: string | null;
  /** The form's name when it could not be a performer's, and what is wrong with it. */
  name: string;
  nameError: string | null;
}
