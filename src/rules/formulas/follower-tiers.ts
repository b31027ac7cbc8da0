/**
 * Follower tier descriptions (SPEC §9): 100 followers or fewer reads 'Just starting up - not many
 * followers yet'; above that, the highest tier the count is strictly more than. The texts are
 * written out whole so each is exactly what the site shows (docs/formulas.md).
 */
export const FOLLOWERS_STARTING_TEXT = "Just starting up - not many followers yet";

export const FOLLOWER_TIERS: ReadonlyArray<{ above: number; text: string }> = [
  { above: 100, text: "more than 100 followers" },
  { above: 500, text: "more than 500 followers" },
  { above: 1_000, text: "more than 1,000 followers" },
  { above: 5_000, text: "more than 5,000 followers" },
  { above: 10_000, text: "more than 10,000 followers" },
  { above: 50_000, text: "more than 50,000 followers" },
  { above: 100_000, text: "more than 100,000 followers" },
  { above: 250_000, text: "more than 250,000 followers" },
  { above: 500_000, text: "more than 500,000 followers" },
  { above: 1_000_000, text: "more than 1 Million followers" },
  { above: 2_000_000, text: "more than 2 Million followers" },
];

/**
 * "More than" is read strictly, as the words say: exactly 500 followers is 'more than 100
 * followers', 501 is 'more than 500 followers'. This also meets the SPEC's other text, where 100
 * (not more than 100) still reads as just starting up. An unknown count reads as just starting up.
 */
export function followerTier(followers: number | null): string {
  let text = FOLLOWERS_STARTING_TEXT;
  if (followers === null) return text;
  for (const tier of FOLLOWER_TIERS) if (followers > tier.above) text = tier.text;
  return text;
}
