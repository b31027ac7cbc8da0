import { GENDER_LABELS } from "../../../site/gender-labels.ts";
import type { RankingGender } from "../../../stats/rankings/vocabulary.ts";

export interface TitledView {
  gender: RankingGender;
  tag: string | null;
  /** The day shown. */
  day: string;
  /** Whether the address has no date: the latest day, "for the last day" (SPEC §4). */
  isLeadingEdge: boolean;
}

/** "asian Female": the tag, then the gender's label; all has no word, so either part may be absent. */
function subject(view: TitledView): string {
  const parts = [view.tag, view.gender === "all" ? null : GENDER_LABELS[view.gender]];
  return parts.filter((p): p is string => p !== null).join(" ");
}

function when(view: TitledView): string {
  return view.isLeadingEdge ? "for the last day" : `on ${view.day}`;
}

/**
 * SPEC §4: 'Top {tag} {gender} models on the platform for the last day', or '… on {date}' when the
 * address names a day; the platform's display name in place of "the platform" when known.
 */
export function dailyViewerTitle(view: TitledView, platformName?: string): string {
  const who = subject(view);
  return `Top ${who === "" ? "" : `${who} `}models on ${platformName ?? "the platform"} ${when(view)}`;
}

/** The description meta: what the list is, in one sentence a search result can show. */
export function dailyViewerDescription(view: TitledView, platformName?: string): string {
  const who = subject(view);
  return `The 100 ${who === "" ? "" : `${who} `}performers with the most viewers at once on ${
    platformName ?? "the platform"
  } ${when(view)}, with their followers and the change over the week. Updated every day after midnight UTC.`;
}
