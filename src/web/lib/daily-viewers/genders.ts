import { RANKING_GENDERS, type RankingGender } from "../../../publish/paths.ts";

export { RANKING_GENDERS, type RankingGender };

/** How each gender word of the ranking pages reads on screen (SPEC §2: women is Female, men is Male). */
export const GENDER_LABELS: Readonly<Record<RankingGender, string>> = {
  all: "All",
  couples: "Couples",
  women: "Female",
  men: "Male",
  trans: "Trans",
};

export function isRankingGender(value: string): value is RankingGender {
  return (RANKING_GENDERS as readonly string[]).includes(value);
}
