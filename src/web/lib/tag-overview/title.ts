import { GENDER_LABELS } from "../../../site/gender-labels.ts";
import type { OverviewView } from "../../../site/urls/tag-overview.ts";
import type { RankingGender } from "../../../stats/rankings/vocabulary.ts";

/**
 * Who a list ranks, as a title says it: "asian Female models", "Couples", "models". The gender's
 * label comes from the gender switch (SPEC §2); all has no word of its own, and "models" follows
 * every label but Couples, which names people already ("Top Couples models" reads badly).
 */
export function overviewSubject(view: OverviewView): string {
  const label = view.gender === "all" ? null : GENDER_LABELS[view.gender];
  const who = view.gender === "couples" ? "Couples" : `${label === null ? "" : `${label} `}models`;
  return view.tag === null ? who : `${view.tag} ${who}`;
}

/**
 * SPEC §2: 'Top {tag} {gender} on the platform', with the platform's display name when known:
 * "Top asian Female models on CamSandbox", "Top models on CamSandbox".
 */
export function overviewTitle(view: OverviewView, platformName?: string): string {
  return `Top ${overviewSubject(view)} on ${platformName ?? "the platform"}`;
}

/** The description meta: the four rankings in one sentence a search result can show. */
export function overviewDescription(view: OverviewView, platformName?: string): string {
  return `The top ${overviewSubject(view)} on ${
    platformName ?? "the platform"
  } in four rankings: most followed, top of the last 30 days, most viewed in the last day and fastest rising this week. Updated every day after midnight UTC.`;
}

/** How a gender reads inside a sentence ("among women"), for the rank badge; all reads as nothing. */
export const GENDER_AMONG: Readonly<Record<RankingGender, string | null>> = {
  all: null,
  couples: "among couples",
  women: "among women",
  men: "among men",
  trans: "among trans performers",
};
