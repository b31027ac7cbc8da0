import { GENDER_LABELS } from "../../../site/gender-labels.ts";
import type { RankingGender } from "../../../stats/rankings/vocabulary.ts";

/** "Top performers from Colombia", "Top female performers from Colombia" (women reads Female, SPEC §2). */
export function locationHeading(name: string, gender: RankingGender): string {
  return gender === "all"
    ? `Top performers from ${name}`
    : `Top ${GENDER_LABELS[gender].toLowerCase()} performers from ${name}`;
}
