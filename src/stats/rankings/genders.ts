import type { GenderKey } from "../../db/schema.ts";
import type { RankingGender } from "./vocabulary.ts";

/** The ranking gender of a feed gender key (SPEC §3: ranking pages use women and men). */
const BY_KEY: Record<GenderKey, RankingGender | null> = {
  f: "women",
  m: "men",
  c: "couples",
  t: "trans",
  u: null,
};

/** Whether a performer of this gender key belongs in a list of that ranking gender. */
export function inRankingGender(key: GenderKey | null, gender: RankingGender): boolean {
  return gender === "all" || BY_KEY[key ?? "u"] === gender;
}
