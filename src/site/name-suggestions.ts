/**
 * The name picker's candidates (/namepicker?words=): usernames made from a few words or a theme,
 * deterministically (the same words always give the same list, so a shared link shows the same
 * suggestions). Which of them are free is the database's answer; this only proposes.
 */

/** A suggestion's length: the username rule allows 1 to 64; a name under 3 is no name to pick. */
export const SUGGESTION_MIN_LENGTH = 3;
export const SUGGESTION_MAX_LENGTH = 64;

/** How many words of the input are used (the rest are ignored) and how long one may be. */
export const MAX_WORDS = 4;
export const MAX_WORD_LENGTH = 24;

/** How many candidates are proposed at most: all of them are checked in one query. */
export const MAX_CANDIDATES = 240;

/** The text that says the words give nothing to build on. */
export const NO_WORDS_MESSAGE = "Type a word or two (letters or digits) to get suggestions.";

/** The input's words as usernames hold them: lowercase letters and digits, in order, once each. */
export function suggestionWords(input: string): string[] {
  const words = input
    .normalize("NFKD")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** Words a theme of one word is paired with, so a single word still gives a list. */
const COMPANIONS = ["sweet", "star", "honey", "wild", "little", "sunny", "velvet", "kiss"];
const NUMBERS = ["7", "21", "99", "01"];

/** The ways one word becomes a name; each a small family the list takes turns from. */
const SINGLE_TEMPLATES: ((w: string) => string[])[] = [
  (w) => [w],
  (w) => [`its${w}`, `the${w}`, `real${w}`],
  (w) => [`${w}x`, `x${w}x`, `${w}xo`],
  (w) => NUMBERS.map((n) => `${w}${n}`),
  (w) => NUMBERS.map((n) => `${w}_${n}`),
  (w) => [`${w}_`, `_${w}`, `${w}live`],
  (w) => COMPANIONS.map((c) => `${c}${w}`),
  (w) => COMPANIONS.map((c) => `${w}_${c}`),
];

/** The ways two words become a name. */
const PAIR_TEMPLATES: ((a: string, b: string) => string[])[] = [
  (a, b) => [`${a}${b}`],
  (a, b) => [`${a}_${b}`],
  (a, b) => [`${a}.${b}`, `${a}-${b}`],
  (a, b) => [`its${a}${b}`, `${a}${b}x`],
  (a, b) => NUMBERS.map((n) => `${a}${b}${n}`),
];

/** Whether a candidate is a username (src/server/api/params.ts) of a length worth suggesting. */
export function isSuggestibleName(name: string): boolean {
  return (
    name.length >= SUGGESTION_MIN_LENGTH &&
    name.length <= SUGGESTION_MAX_LENGTH &&
    /^[a-z0-9_][a-z0-9_.-]*$/.test(name)
  );
}

/**
 * The candidates for these words, most natural first: the words paired, then each word alone and
 * dressed up. Families take turns (one of each, then the next of each), so the first screenful
 * is varied rather than twelve numbered copies of one word.
 */
export function nameCandidates(words: readonly string[]): string[] {
  const families: string[][] = [];
  const pairs = words.flatMap((a, i) => words.filter((_, j) => j !== i).map((b) => [a, b] as const));
  for (const template of PAIR_TEMPLATES) families.push(pairs.flatMap(([a, b]) => template(a, b)));
  for (const template of SINGLE_TEMPLATES) families.push(words.flatMap((w) => template(w)));
  const seen = new Set<string>();
  const out: string[] = [];
  const longest = Math.max(0, ...families.map((f) => f.length));
  for (let turn = 0; turn < longest && out.length < MAX_CANDIDATES; turn++) {
    for (const family of families) {
      const name = family[turn];
      if (name === undefined || seen.has(name) || !isSuggestibleName(name)) continue;
      seen.add(name);
      out.push(name);
      if (out.length >= MAX_CANDIDATES) break;
    }
  }
  return out;
}
