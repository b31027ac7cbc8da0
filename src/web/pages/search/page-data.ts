import type { ModelResult } from "../../../search/search-results.ts";
import type { SummarySearchAnswer } from "../../../search/search-service.ts";
import type { Columns } from "../../lib/columns.ts";
import type { SearchAddress } from "./url.ts";

export type { ModelResult };

/** Every field of a result: the cards show them all (name to the time since the last broadcast). */
export const MODEL_RESULT_FIELDS = [
  "name",
  "displayName",
  "gender",
  "age",
  "country",
  "maxViewers",
  "followerCount",
  "tags",
  "lastSeenTime",
] as const satisfies readonly (keyof ModelResult)[];

/** One summary search result (SPEC §3): the enriched name and the text that matched. */
export interface SummaryResult {
  enrichedName: string;
  matchText: string;
  kind: "summary" | "fan_quote";
}

/** What the search page's loader hands the page: the address and its page of results. */
export interface SearchPageData {
  address: SearchAddress;
  /** The canonical path (no query). */
  path: string;
  /** The page's results under the address's filters and sort (SPEC §4: the embedded first page). */
  resultCount: number;
  /**
   * Column by column (columns.ts): 50 results as 9 arrays rather than 50 objects of 9 keys, which
   * React Router's encoding of the loader's data on every render made dear.
   */
  results: Columns<ModelResult>;
  /** The query string these results answer (without offset): the window cache's key. */
  query: string;
  /**
   * In summaries mode with a term long enough: the summaries search, for the query string the page
   * would ask (its key), so a reloaded or shared summaries search shows at once.
   */
  summaries: ({ query: string } & SummarySearchAnswer) | null;
  /** When the results were read (ms), for their 'live N days ago' texts. */
  now: number;
  /** Tags for the tag picker, most used first. */
  tags: string[];
  /** With no results: how many the term (or tag) alone matches (SPEC §8), for that search's query. */
  explain: { query: string; count: number } | null;
  crawler: boolean;
  imageHost: string | null;
}
