/**
 * The summaries search's rules (SPEC §5, §8, §9), shared by the API and the search page, which
 * runs in the browser too: so this module imports nothing.
 */

/** A summaries search needs 4 characters, and says so in these words. */
export const SUMMARY_MIN_LENGTH = 4;
export const SUMMARY_TOO_SHORT = "Search term is not long enough, try a more substantial search.";
/** A summaries search answers at most 250 results (shown with '(max)'). */
export const SUMMARY_LIMIT = 250;
