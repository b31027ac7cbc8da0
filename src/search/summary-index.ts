import { andInto, type Bitset, bitsetOf, bitsetWhere, newBitset, popcount, setBit } from "./bitset.ts";
import { GENDER_CODES, type GenderCode, type SearchIndex } from "./search-index.ts";
import type { SearchText, TextKind } from "./search-rows.ts";
import { SUMMARY_LIMIT } from "./summary-rules.ts";

/** The longest match text a result carries. */
export const MATCH_TEXT_LENGTH = 160;

/** Words as the summaries search sees them: runs of letters and digits, in lower case. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export interface SummaryHit {
  performerId: number;
  kind: TextKind;
  text: string;
}

/** Texts between two pauses of a build. */
const SLICE = 20_000;

/**
 * A full-text index of the performers' summaries and fan quotes: for every word, the texts that
 * hold it. A query term matches the words it begins ("danc" finds "dance" and "dancing"): the
 * vocabulary is kept sorted, so a term's words are one contiguous range. Texts are numbered most
 * followed performer first (as of the build), so the first 250 matches in text order are the
 * answer. It keeps performer ids, not index rows: texts change far less often than the
 * performers, so it is rebuilt only when they do.
 */
export class SummaryIndex {
  private performerIds = new Float64Array(0);
  /** Texts of each gender (GENDER_CODES order). */
  private genderBits: Bitset[] = [];
  private kinds: TextKind[] = [];
  private texts: string[] = [];
  private vocabulary: string[] = [];
  private postings: Int32Array[] = [];

  /** Builds from the loaded texts, ordered and gendered by `index`; texts of performers not in it are left out. */
  static async build(
    index: SearchIndex,
    loaded: SearchText[],
    pause: () => Promise<void>,
  ): Promise<SummaryIndex> {
    const docs = loaded
      .map((t) => ({ row: index.rowOf.get(t.performerId) ?? -1, ...t }))
      .filter((d) => d.row >= 0 && d.text.trim() !== "")
      .sort(
        (a, b) =>
          (index.followerPosition[a.row] as number) - (index.followerPosition[b.row] as number) ||
          (a.kind === b.kind ? 0 : a.kind === "summary" ? -1 : 1),
      );
    const built = new SummaryIndex();
    built.performerIds = Float64Array.from(docs, (d) => d.performerId);
    built.genderBits = GENDER_CODES.map((_, g) =>
      bitsetWhere(docs.length, (n) => index.gender[(docs[n] as { row: number }).row] === g),
    );
    built.kinds = docs.map((d) => d.kind);
    // Whitespace collapsed once here, not in every answer that shows the text.
    built.texts = docs.map((d) => d.text.replace(/\s+/g, " ").trim());
    const lists = new Map<string, number[]>();
    for (let n = 0; n < docs.length; n++) {
      for (const word of new Set(words(built.texts[n] as string))) {
        const list = lists.get(word);
        if (list === undefined) lists.set(word, [n]);
        else list.push(n);
      }
      if (n % SLICE === SLICE - 1) await pause();
    }
    built.vocabulary = [...lists.keys()].sort();
    await pause();
    built.postings = built.vocabulary.map((word) => Int32Array.from(lists.get(word) as number[]));
    return built;
  }

  get textCount(): number {
    return this.texts.length;
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
        hits.push({
          performerId: this.performerIds[n] as number,
          kind: this.kinds[n] as TextKind,
          text: this.texts[n] as string,
        });
      }
    }
    return { count: popcount(matches), hits };
  }

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
    if (end - lo === 1) return bitsetOf(this.texts.length, this.postings[lo] as Int32Array);
    const bits = newBitset(this.texts.length);
    for (let w = lo; w < end; w++) {
      for (const n of this.postings[w] as Int32Array) setBit(bits, n);
    }
    return bits;
  }
}

/** Finds a word that begins with `term` (a word of the query, so letters and digits only). */
export const wordStart = (term: string) => new RegExp(`(?<![\\p{L}\\p{N}])${term}`, "iu");

/**
 * The part of a text (whitespace already collapsed) around its first word that `pattern` finds,
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
