/**
 * The deepest the API's JSON bodies may nest arrays and objects: `[]` and `{}` are depth 1, a
 * number or a string 0. No call's schema goes past 4 (account_settings' schedule slots); 32 leaves
 * room for any client's wrapping and refuses the megabyte of `[` that JSON.parse spends hundreds
 * of milliseconds on (issue 27, point 7).
 */
export const MAX_JSON_DEPTH = 32;

export const jsonTooDeep = (maxDepth: number) => `JSON nested deeper than ${maxDepth} levels`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether the raw JSON `text` nests arrays and objects deeper than `maxDepth`, in one pass that
 * stops at the first level too many: run before JSON.parse, whose cost on deep nesting is what is
 * bounded. Brackets inside strings do not count; a string is skipped with indexOf to its closing
 * quote (one preceded by an even run of backslashes), so a body that is mostly one long string,
 * a list import's favourites, costs a memchr, not a loop in JavaScript. Malformed text is not
 * judged here: JSON.parse refuses it, at the first fault, after.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
      // An unterminated string: JSON.parse refuses the text.
      if (end === -1) return false;
      i = end;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      // More closings than openings: the text is malformed there, and JSON.parse stops there.
      if (--depth < 0) return false;
    }
  }
  return false;
}

/** A quote at `at` is escaped when an odd run of backslashes comes right before it. */
function isEscaped(text: string, at: number): boolean {
  let backslashes = 0;
  for (let j = at - 1; text.charCodeAt(j) === BACKSLASH; j--) backslashes++;
  return backslashes % 2 === 1;
}
