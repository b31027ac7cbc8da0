import { latestCompletePoll } from "../../../db/queries/online-now.ts";
import { liveTokenSubjects, recentTokenSubjects } from "../../../db/queries/token-goal-subjects.ts";
import type { PageContext } from "../../../page-context.ts";
import { onlineListIsCurrent } from "../../../rules/formulas/live-state.ts";
import { isCrawler } from "../../../site/crawler.ts";
import { goalSize, parseTokenGoal } from "./goal.ts";
import { type SizeClassCount, sizeDistribution, weightedMedian } from "./goal-stats.ts";

/** The live goals listed, biggest first. */
export const LIVE_GOALS_SHOWN = 100;
/** The window of the week's figures. */
export const GOAL_WINDOW_DAYS = 7;

export interface LiveGoal {
  username: string;
  goal: number | null;
  remaining: number | null;
  viewers: number | null;
}

export interface TokenPageData {
  kind: "tokens";
  /** /{slug}-tokens. */
  path: string;
  /** The live goals; null when not looked up (crawlers) or no current poll. */
  live: LiveGoal[] | null;
  week: {
    /** Streams started in the last 7 days. */
    streams: number;
    /** Of those, the streams whose subject set a goal (either form). */
    withGoal: number;
    /** Of those, the streams whose subject stated the goal's size. */
    stated: number;
    /** The median stated goal, in tokens. */
    median: number | null;
    distribution: SizeClassCount[];
  };
}

/** Whether a single-segment address is the token page, /{slug}-tokens in any case. */
export function isTokenPage(segment: string, context: Pick<PageContext, "config">): boolean {
  return segment.toLowerCase() === `${context.config.PLATFORM_SLUG}-tokens`;
}

/**
 * /{slug}-tokens: the token goals in room subjects, live now and over the last 7 days. Crawlers
 * skip the live lookup (SPEC §6), as on every page.
 */
export async function loadTokenPage(
  request: Request,
  context: Pick<PageContext, "db" | "config">,
  now: number = Date.now(),
): Promise<TokenPageData> {
  const crawler = isCrawler(request);
  const [live, recent] = await Promise.all([
    crawler ? null : liveGoals(context, now),
    recentTokenSubjects(context.db, new Date(now - GOAL_WINDOW_DAYS * 86_400_000)),
  ]);
  let withGoal = 0;
  const sizes: { size: number; count: number }[] = [];
  for (const { subject, sessions } of recent.subjects) {
    const goal = parseTokenGoal(subject);
    if (goal === null) continue;
    withGoal += sessions;
    if (goal.goal !== null) sizes.push({ size: goal.goal, count: sessions });
  }
  return {
    kind: "tokens",
    path: `/${context.config.PLATFORM_SLUG}-tokens`,
    live,
    week: {
      streams: recent.streams,
      withGoal,
      stated: sizes.reduce((sum, s) => sum + s.count, 0),
      median: weightedMedian(sizes),
      distribution: sizeDistribution(sizes),
    },
  };
}

/** The goals in the subjects of the rooms online now (the latest poll, when current). */
async function liveGoals(context: Pick<PageContext, "db">, now: number): Promise<LiveGoal[] | null> {
  const at = await latestCompletePoll(context.db);
  if (at === null || !onlineListIsCurrent(at.getTime(), now)) return null;
  const rooms = await liveTokenSubjects(context.db, at);
  const goals: (LiveGoal & { size: number })[] = [];
  for (const room of rooms) {
    const goal = parseTokenGoal(room.subject);
    if (goal !== null)
      goals.push({ username: room.username, viewers: room.viewers, ...goal, size: goalSize(goal) });
  }
  goals.sort(
    (a, b) => b.size - a.size || (b.viewers ?? 0) - (a.viewers ?? 0) || a.username.localeCompare(b.username),
  );
  return goals.slice(0, LIVE_GOALS_SHOWN).map(({ size: _size, ...goal }) => goal);
}
