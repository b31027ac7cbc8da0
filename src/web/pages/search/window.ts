/**
 * The result windows of the search page (SPEC §4, §9): results come 50 at a time, one window per
 * page, and a page already loaded for the same search is shown again without asking the server.
 */
export const PAGE_SIZE = 50;

export interface SearchWindow<Row> {
  resultCount: number;
  rows: Row[];
  /** When the rows were read (ms): their 'live N days ago' texts are as of then. */
  at: number;
}

/** The windows loaded for one search (one query string without its offset), by offset. */
export class WindowCache<Row> {
  private readonly searches = new Map<string, Map<number, SearchWindow<Row>>>();

  constructor(private readonly maxSearches = 20) {}

  get(search: string, offset: number): SearchWindow<Row> | undefined {
    return this.searches.get(search)?.get(offset);
  }

  /** Whether the window at `offset` of this search is loaded: the page needs no request. */
  has(search: string, offset: number): boolean {
    return this.get(search, offset) !== undefined;
  }

  set(search: string, offset: number, window: SearchWindow<Row>): void {
    let windows = this.searches.get(search);
    if (windows === undefined) {
      // The oldest search goes first: the cache is for going back and forth, not for ever.
      if (this.searches.size >= this.maxSearches) {
        const oldest = this.searches.keys().next().value;
        if (oldest !== undefined) this.searches.delete(oldest);
      }
      windows = new Map();
      this.searches.set(search, windows);
    }
    windows.set(offset, window);
  }
}

/** How many pages a result count fills (at least one, so an empty search is page 1 of 1). */
export function pageCount(resultCount: number): number {
  return Math.max(1, Math.ceil(resultCount / PAGE_SIZE));
}
