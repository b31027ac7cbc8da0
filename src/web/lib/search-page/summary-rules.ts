/**
 * SPEC §5 and §8: the summaries search needs 4 characters, and says so in these words (the API's
 * own constants, src/server/routes/model-search.ts, say the same: a server test holds them equal).
 */
export const SUMMARY_MIN_LENGTH = 4;
export const SUMMARY_TOO_SHORT = "Search term is not long enough, try a more substantial search.";
/** SPEC §9: the summaries search answers at most 250 results, shown with '(max)'. */
export const SUMMARY_MAX = 250;
