/** A summary is shown whole on a result card's description tab: long enough to say something. */
export const SUMMARY_MIN = 10;
export const SUMMARY_MAX = 2000;
/** A suggested tag's longest spelling, as the feed's tags go. */
export const TAG_MAX = 64;
