/** A fan quote's length in characters (code points, so an emoji is one), after trimming (issue 30). */
export const QUOTE_MIN = 3;
export const QUOTE_MAX = 280;
/** Quotes (new or edited) one account may send in an hour: a fan's honest use, not a script's. */
export const QUOTES_PER_HOUR = 20;
/** The most approved quotes one answer lists. */
export const QUOTES_SHOWN = 100;

/** What shows for a fan whose account has no display name. */
export const ANONYMOUS_FAN = "a fan";

/** A quote as kept: control characters and runs of whitespace become one space, then trimmed. */
export const tidyQuote = (text: string) =>
  text
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

export const quoteLength = (text: string) => [...text].length;
