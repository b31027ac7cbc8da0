import { type MixQuery, searchPath } from "./search-mixes.ts";

/**
 * Before a mix is timed, each of its queries is asked once: it must answer 200 with a resultCount,
 * and its count is printed, so a query that matches nothing (a term the data does not hold) is seen
 * instead of making the mix look faster than what visitors send.
 */

export interface Answer {
  query: MixQuery;
  path: string;
  bytes: number;
  resultCount: number;
  /** The answer's results, to compare the baseline's with. */
  results: unknown[];
  /** The answer as sent. */
  text: string;
}

export async function verifyMix(baseUrl: string, mix: readonly MixQuery[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const query of mix) {
    const path = searchPath(query);
    const response = await fetch(`${baseUrl}${path}`);
    const text = await response.text();
    if (response.status !== 200) {
      throw new Error(`${path} (${query.label}) answered ${response.status}: ${text.slice(0, 500)}`);
    }
    const body = JSON.parse(text) as { resultCount?: unknown; results?: unknown };
    if (typeof body.resultCount !== "number" || !Array.isArray(body.results)) {
      throw new Error(
        `${path} (${query.label}) answered without resultCount and results: ${text.slice(0, 500)}`,
      );
    }
    answers.push({
      query,
      path,
      bytes: Buffer.byteLength(text),
      resultCount: body.resultCount,
      results: body.results,
      text,
    });
  }
  return answers;
}

/** One line per answer: its count, size and the query. Queries matching nothing are marked. */
export function printAnswers(answers: readonly Answer[]): void {
  for (const a of answers) {
    const count = String(a.resultCount).padStart(7);
    const size = `${(a.bytes / 1024).toFixed(1)} kB`.padStart(9);
    const none = a.resultCount === 0 ? "   <-- MATCHES NOTHING" : "";
    console.log(`  ${count} results ${size}  ${a.query.label}: ${a.path}${none}`);
  }
}

/**
 * Differences between the baseline's answers and the index's for the same queries. A count that
 * differs means one of them is wrong (`wrong`); the same count with other rows on the page means
 * they break ties or sort differently (`reordered`), which the contract does not pin, so it is
 * reported but not failed.
 */
export function compareAnswers(
  indexed: readonly Answer[],
  scan: readonly Answer[],
  /** How the report names the other side. */
  other = "without indexes",
): { wrong: string[]; reordered: string[] } {
  const wrong: string[] = [];
  const reordered: string[] = [];
  indexed.forEach((a, i) => {
    const b = scan[i];
    if (!b) return;
    if (a.resultCount !== b.resultCount) {
      wrong.push(`${a.path}: ${a.resultCount} results indexed, ${b.resultCount} ${other}`);
    } else if (JSON.stringify(a.results) !== JSON.stringify(b.results)) {
      reordered.push(`${a.path}: ${a.resultCount} results both, other rows on the page ${other}`);
    }
  });
  return { wrong, reordered };
}

/** The answer of median size: what a typical model search sends. */
export function typicalAnswer(answers: readonly Answer[]): Answer {
  const bySize = [...answers].sort((a, b) => a.bytes - b.bytes);
  const typical = bySize[Math.floor((bySize.length - 1) / 2)];
  if (!typical) throw new Error("no answers to choose a typical one from");
  return typical;
}
