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

/**
 * The feed's four gender codes (every trans kind as t) with their labels, in the order the pages
 * list them: the room counts of /live-stats and the series of /camera-trends.
 */
export const CODE_GENDERS = [
  ["f", "Female"],
  ["m", "Male"],
  ["c", "Couples"],
  ["t", "Trans"],
] as const;
