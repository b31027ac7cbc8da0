import { SUMMARY_LIMIT } from "../../../search/summary-rules.ts";
import { decodeEnrichedName, describeEnrichedName } from "./enriched-name.ts";
import type { SummaryResult } from "./page-data.ts";

/**
 * The summaries and fan quotes that matched (SPEC §3): each enriched name decoded into words,
 * linking the performer, with the text that matched.
 */
export function SummaryResults({ resultCount, results }: { resultCount: number; results: SummaryResult[] }) {
  return (
    <>
      <p className="search-page__count">
        Found {Math.min(resultCount, SUMMARY_LIMIT)} matching {resultCount === 1 ? "profile" : "profiles"}
        {resultCount >= SUMMARY_LIMIT && " (max)"}
      </p>
      <ul className="search-summaries">
        {results.map((result) => {
          const decoded = decodeEnrichedName(result.enrichedName);
          const name = decoded?.name ?? result.enrichedName;
          return (
            <li key={`${result.enrichedName}-${result.kind}-${result.matchText}`} className="search-summary">
              <a className="search-summary__name" href={`/${encodeURIComponent(name)}`}>
                {name}
              </a>
              {decoded !== null && (
                <span className="search-summary__facts">{describeEnrichedName(decoded)}</span>
              )}
              <blockquote className="search-summary__text">
                <span className="sr-only">{result.kind === "fan_quote" ? "Fan quote: " : "Summary: "}</span>
                {result.matchText}
              </blockquote>
            </li>
          );
        })}
      </ul>
    </>
  );
}
