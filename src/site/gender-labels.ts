import type { RankingGender } from "../stats/rankings/vocabulary.ts";

/**
 * How each gender word of the ranking pages reads on screen (SPEC §2: women is Female, men is
 * Male): on the pages and on the ranking covers the server draws (src/server/routes/cover-images.ts).
 */
export const GENDER_LABELS: Readonly<Record<RankingGender, string>> = {
  all: "All",
  couples: "Couples",
  women: "Female",
  men: "Male",
  trans: "Trans",
};
