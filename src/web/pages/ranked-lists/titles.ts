import { GENDER_LABELS } from "../../../site/gender-labels.ts";
import type { RankingGender, SupporterOrder } from "../../../stats/rankings/vocabulary.ts";

/**
 * The headings and descriptions of the ranked lists, in the daily page's pattern
 * (daily-viewers/title.ts): '{what} {tag} {gender} models on {platform} {when}'.
 */

/** "asian Female": the tag, then the gender's label; all has no word, so either may be absent. */
export function subjectOf(gender: RankingGender, tag: string | null): string {
  return [tag, gender === "all" ? null : GENDER_LABELS[gender]]
    .filter((p): p is string => p !== null)
    .join(" ");
}

const models = (gender: RankingGender, tag: string | null) => {
  const who = subjectOf(gender, tag);
  return who === "" ? "models" : `${who} models`;
};

/** " (page 2)" from page 2: each page has its own title. */
export const pageSuffix = (page: number) => (page > 1 ? ` (page ${page})` : "");

export interface DatedView {
  gender: RankingGender;
  tag: string | null;
  day: string;
  /** No date in the address: the latest day. */
  isLeadingEdge: boolean;
}

export function followersHeading(view: DatedView, platform: string): string {
  const when = view.isLeadingEdge ? "" : ` on ${view.day}`;
  return `Most followed ${models(view.gender, view.tag)} on ${platform}${when}`;
}

export function followersDescription(view: DatedView, platform: string): string {
  return `The ${models(view.gender, view.tag)} on ${platform} with the most followers as last counted ${
    view.isLeadingEdge ? "yesterday" : `on ${view.day}`
  }, with the change over the week. Updated every day after midnight GMT.`;
}

export function growingHeading(view: DatedView, platform: string): string {
  const when = view.isLeadingEdge ? "this week" : `in the week to ${view.day}`;
  return `Fastest rising ${models(view.gender, view.tag)} on ${platform} ${when}`;
}

export function growingDescription(view: DatedView, platform: string): string {
  return `The ${models(view.gender, view.tag)} on ${platform} who gained the most followers in the 7 days to ${
    view.day
  }. Updated every day after midnight GMT.`;
}

export function monthlyHeading(
  view: { gender: RankingGender; tag: string | null },
  platform: string,
): string {
  return `Top ${models(view.gender, view.tag)} on ${platform} in the last 30 days`;
}

export function monthlyDescription(
  view: { gender: RankingGender; tag: string | null },
  platform: string,
): string {
  return `The top ${models(view.gender, view.tag)} on ${platform} over the last 30 days by score: viewers, rank, followers, follower gain and time online. Updated every day after midnight GMT.`;
}

export function yearHeading(
  view: { gender: RankingGender; tag: string | null },
  year: string,
  platform: string,
): string {
  return `Top ${models(view.gender, view.tag)} on ${platform} in ${year}`;
}

export function yearDescription(
  view: { gender: RankingGender; tag: string | null },
  year: string,
  platform: string,
): string {
  return `The top ${models(view.gender, view.tag)} on ${platform} over the year ${year} by score: viewers, rank, followers, follower gain and time online.`;
}

const ORDER_WORDS: Record<SupporterOrder, string> = {
  gained: "the most new followers",
  "per-hour": "the most new followers per hour online",
};

export function supportersHeading(
  view: { order: SupporterOrder; day: string; isLeadingEdge: boolean },
  platform: string,
): string {
  const when = view.isLeadingEdge ? "for the last day" : `on ${view.day}`;
  return `Models who won ${ORDER_WORDS[view.order]} on ${platform} ${when}`;
}

export function supportersDescription(
  view: { order: SupporterOrder; day: string; isLeadingEdge: boolean },
  platform: string,
): string {
  return `The 100 performers on ${platform} who won ${ORDER_WORDS[view.order]} on ${view.day} (UTC), with their time online and followers. Updated every day after midnight GMT.`;
}
