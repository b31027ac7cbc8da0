/**
 * The token goal in a room subject (issue 20, decision 0024): zero or one goal, as the performer
 * wrote it. Subjects are free text with no structured field (ONLINE_ROOMS_API.md, "Room subjects
 * as they appear on the real feed"), so this reads only what is plainly there: an amount with a
 * token word ("500 tokens", "500tk", "1.000 tks"), after an @ ("@ 500") or after the word goal
 * ("goal: 500"), and an item in words next to it. No amount, no goal; no words, no goal: an item
 * is never made from hashtags, emoji or a bare number. The rules, each pinned by a test on a
 * real-looking subject, are listed in docs/decisions/0024-tip-menu-search.md.
 */

export const MAX_ITEM_CHARS = 120;
export const MIN_GOAL_TOKENS = 1;
export const MAX_GOAL_TOKENS = 1_000_000;
/** How much of a subject is read: the platform's subjects are short; a longer text is cut. */
export const MAX_SUBJECT_READ = 600;

export type AmountKind = "goal" | "left";

export interface SubjectGoal {
  /** The item as written: trimmed, hashtags, mentions and emoji taken out, at most 120 characters. */
  item: string;
  /** The grouping and search key: lower case, letters and digits, one space between words. */
  itemKey: string;
  tokens: number;
  /** 'goal': the goal's amount; 'left': the tokens still missing (a lower bound of the price). */
  amountKind: AmountKind;
}

// The words for tokens: English and its short forms, and a few other languages' words.
const UNIT =
  "(?:tokens?|tokenz|tokns?|tkns?|tkn|toks?|tks?|tkz|tk|fichas?|jetons?|gettoni|gettone|tokeny|tokenów|tokenow|tokenes|токенов|токена|токены|токен|ток)";
// After the unit: the amount is what is still missing.
const LEFT_AFTER =
  "(?:left|remaining|remain|to go|more|missing|restantes?|faltan|rimanenti|mancano|restants?|übrig|brakuje|осталось)";
// Before the amount: the same.
const LEFT_BEFORE = "(?:left|remaining|faltan|mancano|restant|осталось|only|countdown)";
// A number: thousands grouped by , . or a space (1,000 1.000 1 000), a k form (1.5k, 2k), or digits.
const NUMBER = "(\\d{1,3}(?:[,. \\u00a0\\u202f]\\d{3})+(?!\\d)|\\d{1,3}(?:[.,]\\d)?k(?![\\p{L}\\p{N}])|\\d+)";
const END = "(?![\\p{L}\\p{N}])";
const START = "(?<![\\p{L}\\p{N}.,])";

/** The words that mark a goal, in the languages of the unit words. */
const GOAL_WORD =
  "(?:(?:repeating|current|next|main|new|multi|first|second|final|last|big|super)[ -]?)?(?:goals?|meta|objetivo|objectif|obiettivo|ziel|cel|цель|countdown)";
/** Goal words, and tip: words next to an amount that are not the item. */
const MARKER = `(?:${GOAL_WORD}|tips?)`;

const AMOUNT_FORMS: ReadonlyArray<{ pattern: RegExp; kind: AmountKind | null }> = [
  // "764 tokens left", "[314 tokens remaining]", "500tk", "1.000 tks".
  {
    pattern: new RegExp(`${START}${NUMBER}\\s*${UNIT}${END}(?:\\s*(${LEFT_AFTER})${END})?`, "iu"),
    kind: null,
  },
  // "left: 300", "only 300 left" is the form above; "@ 500", "@500tk".
  { pattern: new RegExp(`@\\s*${NUMBER}(?:\\s*${UNIT})?${END}`, "iu"), kind: "goal" },
  // "goal: 500", "GOAL 1000".
  { pattern: new RegExp(`(?<=${GOAL_WORD}\\s*[:=-]?\\s*)${NUMBER}${END}`, "iu"), kind: "goal" },
];
const LEFT_BEFORE_RE = new RegExp(`${LEFT_BEFORE}\\s*[:=]?\\s*$`, "iu");

// What is taken out before reading: hashtags, mentions (not "@ 500"), emoji and their joiners.
const HASHTAG = /#[\p{L}\p{N}_-]*/gu;
const MENTION = /@(?=[\p{L}_])[\p{L}\p{N}_.-]*/gu;
const EMOJI = /(?:\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}\ufe0f\u20e3]|\u200d)+/gu;
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}]/gu;

/**
 * Where phrases end: brackets, a dash with a space beside it, colons, bars, commas, slashes,
 * sentence ends (a full stop before a space), ! ? ~ * and the bullets, and where hashtags and emoji
 * were. An
 * amount's item is looked for in the phrases around it.
 */
const SEPARATOR = /[[\](){}<>|;:!?~*•·,/=+]|\s[-–—]+|[-–—]+\s|\.(?=\s|$)|\ue000/u;
const SPLIT = new RegExp(SEPARATOR.source, "gu");

/** Words at either end of a phrase that join it to the amount, not part of the item. */
const CONNECTOR =
  /^(?:at|for|to|@|is|are|when|after|on|in|until|till|then|and|=|x|each|per|por|para|pour|à|a|für|bei|za|na|при|за|на)$/iu;
const MARKER_RE = new RegExp(`^${MARKER}$`, "iu");
const MARKER_PHRASE = new RegExp(`(?:^|\\s)(?:at\\s+|for\\s+|in\\s+)?${MARKER}(?=\\s|$)`, "giu");

/** The item's key: lower case, letters and digits only, one space between words. */
export function itemKeyOf(item: string): string {
  return item
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The amount a number form means: 1,000 1.000 and 1 000 are a thousand, 1.5k fifteen hundred. */
function tokensOf(raw: string): number | null {
  const text = raw.toLowerCase();
  if (text.endsWith("k")) {
    const value = Math.round(Number(text.slice(0, -1).replace(",", ".")) * 1000);
    return Number.isFinite(value) ? value : null;
  }
  const digits = text.replace(/[^\d]/g, "");
  if (digits.length > 9) return null;
  return Number(digits);
}

interface Amount {
  index: number;
  length: number;
  tokens: number;
  kind: AmountKind;
}

/** The first amount in the text: the earliest match of any form. */
function findAmount(text: string): Amount | null {
  let best: Amount | null = null;
  for (const form of AMOUNT_FORMS) {
    const match = form.pattern.exec(text);
    if (match === null || match[1] === undefined) continue;
    if (best !== null && match.index >= best.index) continue;
    const tokens = tokensOf(match[1]);
    if (tokens === null) continue;
    const before = text.slice(0, match.index);
    const left = form.kind === null && (match[2] !== undefined || LEFT_BEFORE_RE.test(before));
    best = { index: match.index, length: match[0].length, tokens, kind: left ? "left" : "goal" };
  }
  return best;
}

/** A phrase without its joining words and goal words at either end. */
function trimPhrase(phrase: string): string {
  const words = phrase
    .replace(MARKER_PHRASE, " ")
    .replace(new RegExp(`${LEFT_BEFORE}\\s*$`, "iu"), " ")
    .split(/\s+/)
    .filter(Boolean);
  while (words.length > 0 && (CONNECTOR.test(words[0] ?? "") || MARKER_RE.test(words[0] ?? "")))
    words.shift();
  while (words.length > 0 && (CONNECTOR.test(words.at(-1) ?? "") || MARKER_RE.test(words.at(-1) ?? "")))
    words.pop();
  return words.join(" ");
}

/** A greeting is not an item ("hi 💕 [500 tokens left]"). */
const GREETING =
  /^(?:hi|hey|hello|hallo|hola|heya|welcome|bienvenid[oa]s?|bienvenue|benvenut[io]|willkommen|ciao|привет|good (?:morning|evening|night))(?:\s|$)/iu;

/** Something worth calling an item: at least one letter, not a greeting. */
function usable(phrase: string): boolean {
  return /\p{L}/u.test(phrase) && !GREETING.test(phrase) && itemKeyOf(phrase) !== "";
}

/** The item as kept: ends trimmed of punctuation, at most 120 characters cut at a word. */
function finishItem(phrase: string): string {
  let item = phrase.replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, "").replace(/\s+/g, " ");
  const chars = Array.from(item);
  if (chars.length > MAX_ITEM_CHARS) {
    const cut = chars.slice(0, MAX_ITEM_CHARS).join("");
    const atWord = cut.replace(/\s+\S*$/u, "");
    item = (atWord.length > 0 ? atWord : cut).replace(/[\s\p{P}\p{S}]+$/u, "");
  }
  return item;
}

/** The goal in a room subject, or null when it holds none that can be read plainly. */
export function parseSubjectGoal(subject: string | null | undefined): SubjectGoal | null {
  if (typeof subject !== "string" || subject.length === 0) return null;
  const text = subject
    .slice(0, MAX_SUBJECT_READ)
    .normalize("NFKC")
    .replace(INVISIBLE, " ")
    // Hashtags and emoji end a phrase like a bar does (U+E000, private use, was taken out above).
    .replace(HASHTAG, "\ue000")
    .replace(MENTION, " ")
    .replace(EMOJI, "\ue000");

  const amount = findAmount(text);
  if (amount === null || amount.tokens < MIN_GOAL_TOKENS || amount.tokens > MAX_GOAL_TOKENS) return null;

  // The amount's own phrase: its text before and after the amount, up to the nearest separators.
  const before = text.slice(0, amount.index);
  const after = text.slice(amount.index + amount.length);
  const beforeParts = before.split(SPLIT);
  const afterParts = after.split(SPLIT);
  const ownBefore = beforeParts.at(-1) ?? "";
  const ownAfter = afterParts[0] ?? "";
  const hasMarker = (phrase: string) => new RegExp(MARKER_PHRASE.source, "iu").test(phrase);
  const earlier = beforeParts.slice(0, -1);
  const later = afterParts.slice(1);
  const candidates: string[] = [];
  // 1. The amount's own phrase: "oil show @ 500tk", "tip 50 tk for oil show".
  candidates.push(trimPhrase(ownBefore), trimPhrase(ownAfter));
  // 2. From a goal word on: "dance naked at goal", or the phrases after "Goal:" (up to the amount,
  //    then beyond it: "goal: 100 tokens - dance naked").
  const markerBefore = earlier.findLastIndex(hasMarker);
  const markerAfter = later.findIndex(hasMarker);
  if (markerBefore >= 0) candidates.push(...[...earlier.slice(markerBefore), ...later].map(trimPhrase));
  else if (markerAfter >= 0) candidates.push(...later.slice(markerAfter).map(trimPhrase));
  // 3. The nearest phrase with words before the amount, then after it: "squirt show [500 tokens left]".
  candidates.push(earlier.map(trimPhrase).findLast(usable) ?? "", later.map(trimPhrase).find(usable) ?? "");

  for (const candidate of candidates) {
    if (!usable(candidate)) continue;
    const item = finishItem(candidate);
    const itemKey = itemKeyOf(item);
    if (!usable(item) || itemKey.length > MAX_ITEM_CHARS) continue;
    return { item, itemKey, tokens: amount.tokens, amountKind: amount.kind };
  }
  return null;
}
