import type { RankingGender } from "../../../publish/paths.ts";
import { GENDER_LABELS } from "../daily-viewers/genders.ts";

/** "Top performers from Colombia", "Top female performers from Colombia" (women reads Female, SPEC §2). */
export function locationHeading(name: string, gender: RankingGender): string {
  return gender === "all"
    ? `Top performers from ${name}`
    : `Top ${GENDER_LABELS[gender].toLowerCase()} performers from ${name}`;
}
