import { andInto, type Bitset, newBitset, orInto, popcount, setBit } from "./bitset.ts";
import { Column } from "./columns.ts";
import { GENDER_CODES, type GenderCode, type SearchIndex } from "./search-index.ts";
import type { SearchText, TextKind, TextSource } from "./search-rows.ts";
import { positionsOf } from "./sorted-lists.ts";
import { SUMMARY_LIMIT } from "./summary-rules.ts";

/** The longest match text a result carries. */
export const MATCH_TEXT_LENGTH = 160;

/** Words as the summaries search sees them: runs of letters and digits, in lower case. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A text an answer shows: whose it is, and where to read it (search-rows.ts, textsAt). */
export interface SummaryHit {
  performerId: number;
  kind: TextKind;
  source: TextSource;
  key: number;
}

/** Texts between two pauses of a build. */
const SLICE = 20_000;
/**
 * A word in at least 1 text in DENSE keeps a bitset instead of its list of texts: the list would be
 * as large or larger (4 bytes a text against one bit a text).
 */
const DENSE = 32;
const SOURCES: readonly TextSource[] = ["bio", "suggestion", "quote"];
const QUOTE = SOURCES.indexOf("quote");
const kindOf = (source: number): TextKind => (source === QUOTE ? "fan_quote" : "summary");

/**
 * A full-text index of the performers' summaries and fan quotes: for every word, the texts that
 * hold it. A query term matches the words it begins ("danc" finds "dance" and "dancing"): the
 * vocabulary is kept sorted, so a term's words are one contiguous range. Texts are numbered most
 * followed performer first (as of the build), so the first 250 matches in text order are the
 * answer. It keeps performer ids, not index rows: texts change far less often than the
 * performers, so it is rebuilt only when they do. It keeps no text: where each is, and an answer
 * reads the few it shows from the database (decision 0036).
 */
export class SummaryIndex {
  constructor(
    private readonly performerIds: Float64Array,
    /** Texts of each gender (GENDER_CODES order). */
    private readonly genderBits: Bitset[],
    /** Each text's table, a number into SOURCES. */
    private readonly sources: Uint8Array,
    /** The texts that are no bio, ascending, and their keys (a bio's key is its performer's id). */
    private readonly otherTexts: Int32Array,
    private readonly otherKeys: Float64Array,
    private readonly vocabulary: string[],
    /** Texts of a rare word w: postings.subarray(postingStart[w], postingStart[w + 1]) (empty for a common one). */
    private readonly postingStart: Int32Array,
    private readonly postings: Int32Array,
    /** The common words' texts as bitsets (null for a rare one). */
    private readonly wordBits: (Bitset | null)[],
  ) {}

  get textCount(): number {
    return this.performerIds.length;
  }

  /** Text n's key in its table. */
  private keyOf(n: number): number {
    if (this.sources[n] === 0) return this.performerIds[n] as number;
    let lo = 0;
    let hi = this.otherTexts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.otherTexts[mid] as number) < n) lo = mid + 1;
      else hi = mid;
    }
    return this.otherKeys[lo] as number;
  }

  /**
   * Texts holding, for every term (already split into words), a word that begins with it;
   * optionally of one gender. The count is of every match, the hits only the first `limit`.
   */
  search(
    terms: string[],
    gender: GenderCode | null,
    limit = SUMMARY_LIMIT,
  ): { count: number; hits: SummaryHit[] } {
    if (terms.length === 0) return { count: 0, hits: [] };
    const matches = this.textsWithPrefix(terms[0] as string);
    for (const term of terms.slice(1)) andInto(matches, this.textsWithPrefix(term));
    if (gender !== null) andInto(matches, this.genderBits[GENDER_CODES.indexOf(gender)] as Bitset);
    const hits: SummaryHit[] = [];
    for (let w = 0; w < matches.length && hits.length < limit; w++) {
      let v = matches[w] as number;
      while (v !== 0 && hits.length < limit) {
        const low = v & -v;
        const n = (w << 5) + (31 - Math.clz32(low));
        v ^= low;
        const source = this.sources[n] as number;
        hits.push({
          performerId: this.performerIds[n] as number,
          kind: kindOf(source),
          source: SOURCES[source] as TextSource,
          key: this.keyOf(n),
        });
      }
    }
    return { count: popcount(matches), hits };
  }

  /** A fresh bitset of the texts holding a word that begins with `term`. */
  private textsWithPrefix(term: string): Bitset {
    let lo = 0;
    let hi = this.vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.vocabulary[mid] as string) < term) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < this.vocabulary.length && (this.vocabulary[end] as string).startsWith(term)) end++;
    const bits = newBitset(this.textCount);
    for (let w = lo; w < end; w++) {
      const dense = this.wordBits[w];
      if (dense) orInto(bits, dense);
      else
        for (let k = this.postingStart[w] as number; k < (this.postingStart[w + 1] as number); k++)
          setBit(bits, this.postings[k] as number);
    }
    return bits;
  }
}

/**
 * Takes the texts chunk by chunk as they are read, for an index's performers (the others are left
 * out): where each text is and its distinct words as numbers, so a reload never holds the loaded
 * texts, nor a list of numbers per word on the heap. Then numbers them (most followed performer
 * first) and builds the word lists.
 */
export class SummaryIndexBuilder {
  private readonly rows = new Column(Int32Array);
  private readonly sources = new Column(Uint8Array);
  /** The loaded texts that are no bio (their places in the load, ascending) and their keys. */
  private readonly otherLoaded = new Column(Int32Array);
  private readonly otherKeys = new Column(Float64Array);
  private readonly wordNumber = new Map<string, number>();
  private readonly wordNames: string[] = [];
  private readonly textWords = new Column(Int32Array);
  private readonly wordsEnd = new Column(Int32Array);
  private readonly textSeen = new Set<number>();

  constructor(private readonly index: SearchIndex) {}

  add(loaded: readonly SearchText[]): void {
    for (const t of loaded) {
      const row = this.index.rowOfId(t.performerId);
      if (row < 0 || t.text.trim() === "") continue;
      const source = SOURCES.indexOf(t.source);
      if (source !== 0) {
        this.otherLoaded.push(this.rows.length);
        this.otherKeys.push(t.key);
      }
      this.rows.push(row);
      this.sources.push(source);
      this.textSeen.clear();
      for (const word of words(t.text)) {
        let w = this.wordNumber.get(word);
        if (w === undefined) {
          w = this.wordNames.length;
          this.wordNumber.set(word, w);
          this.wordNames.push(word);
        }
        if (this.textSeen.has(w)) continue;
        this.textSeen.add(w);
        this.textWords.push(w);
      }
      this.wordsEnd.push(this.textWords.length);
    }
  }

  async build(pause: () => Promise<void>): Promise<SummaryIndex> {
    const { index, rows, sources: loadedSources } = this;
    const count = rows.length;
    // Text n is the one loaded order[n]-th: by follower place, summaries before quotes, then as loaded.
    const key = (k: number) =>
      (index.followerPosition[rows.get(k)] as number) * 2 + (loadedSources.get(k) === QUOTE ? 1 : 0);
    const order = Int32Array.from({ length: count }, (_, k) => k).sort((a, b) => key(a) - key(b) || a - b);
    await pause();
    const performerIds = Float64Array.from(order, (k) => index.performerIds[rows.get(k)] as number);
    const sources = loadedSources.done(order);
    const genderBits = GENDER_CODES.map(() => newBitset(count));
    for (let n = 0; n < count; n++) {
      const g = index.gender[rows.get(order[n] as number)] as number;
      if (g < genderBits.length) setBit(genderBits[g] as Bitset, n);
    }
    rows.clear();
    const { otherTexts, otherKeys } = this.othersInTextOrder(order);
    await pause();
    // The vocabulary sorted; place[w] is word w's place in it.
    const byPlace = Int32Array.from(this.wordNames, (_, w) => w).sort((a, b) => {
      const x = this.wordNames[a] as string;
      const y = this.wordNames[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const vocabulary = Array.from(byPlace, (w) => this.wordNames[w] as string);
    const place = positionsOf(byPlace);
    const { textWords, wordsEnd: ends } = this;
    const counts = new Int32Array(vocabulary.length);
    for (let j = 0; j < textWords.length; j++) {
      const p = place[textWords.get(j)] as number;
      counts[p] = (counts[p] as number) + 1;
    }
    const wordBits = Array.from(counts, (c) => (c > 0 && c >= count / DENSE ? newBitset(count) : null));
    const postingStart = new Int32Array(vocabulary.length + 1);
    for (let p = 0; p < vocabulary.length; p++)
      postingStart[p + 1] = (postingStart[p] as number) + (wordBits[p] ? 0 : (counts[p] as number));
    const postings = new Int32Array(postingStart[vocabulary.length] as number);
    const fill = postingStart.slice(0, vocabulary.length);
    for (let n = 0; n < count; n++) {
      const k = order[n] as number;
      for (let j = k === 0 ? 0 : ends.get(k - 1); j < ends.get(k); j++) {
        const p = place[textWords.get(j)] as number;
        const bits = wordBits[p];
        if (bits) setBit(bits, n);
        else {
          postings[fill[p] as number] = n;
          fill[p] = (fill[p] as number) + 1;
        }
      }
      if (n % SLICE === SLICE - 1) await pause();
    }
    textWords.clear();
    ends.clear();
    return new SummaryIndex(
      performerIds,
      genderBits,
      sources,
      otherTexts,
      otherKeys,
      vocabulary,
      postingStart,
      postings,
      wordBits,
    );
  }

  /** The texts that are no bio, by their numbers (ascending), and their keys. */
  private othersInTextOrder(order: Int32Array): { otherTexts: Int32Array; otherKeys: Float64Array } {
    const { otherLoaded, otherKeys } = this;
    if (otherLoaded.length === 0) return { otherTexts: new Int32Array(0), otherKeys: new Float64Array(0) };
    const place = positionsOf(order);
    const numbers = Int32Array.from({ length: otherLoaded.length }, (_, j) => j).sort(
      (a, b) => (place[otherLoaded.get(a)] as number) - (place[otherLoaded.get(b)] as number),
    );
    const texts = Int32Array.from(numbers, (j) => place[otherLoaded.get(j)] as number);
    const keys = Float64Array.from(numbers, (j) => otherKeys.get(j));
    otherLoaded.clear();
    otherKeys.clear();
    return { otherTexts: texts, otherKeys: keys };
  }
}

/** A text as a match text is cut from: whitespace runs as one space, none at the ends. */
export const collapseSpace = (text: string): string => text.replace(/\s+/g, " ").trim();

/** Finds a word that begins with `term` (a word of the query, so letters and digits only). */
export const wordStart = (term: string) => new RegExp(`(?<![\\p{L}\\p{N}])${term}`, "iu");

/**
 * The part of a text (whitespace collapsed: collapseSpace) around its first word that `pattern` finds,
 * at most MATCH_TEXT_LENGTH characters and an ellipsis at each end where it was cut. A text that
 * short is its own match text.
 */
export function matchText(text: string, pattern: RegExp): string {
  if (text.length <= MATCH_TEXT_LENGTH) return text;
  const at = pattern.exec(text)?.index ?? 0;
  let start = Math.max(0, at - Math.floor(MATCH_TEXT_LENGTH / 3));
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space >= 0 && space < at ? space + 1 : start;
  }
  let end = Math.min(text.length, start + MATCH_TEXT_LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    end = space > at ? space : end;
  }
  return `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
}
