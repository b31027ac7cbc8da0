/**
 * The request mixes of `npm run bench:search`: what visitors of the search page send, in a fixed
 * order that every connection cycles through. The terms are chosen against the generated data
 * (bench/search-vocabulary.ts): "ka" is in about 12% of usernames, "mar" and "lin" in about 5%,
 * "xi" in 2.5%, "lina" in 0.4%; "bigboobs" is the most used tag and "freckles" one of the last;
 * "music" is in about 18% of about-me texts, "saxophone" in 1%, "taxidermy" in under 1%.
 */

export interface MixQuery {
  label: string;
  /** Query parameters; an array repeats the parameter (tag=a&tag=b). */
  params: Record<string, string | readonly string[]>;
}

export const MODEL_MIX: readonly MixQuery[] = [
  { label: "everyone, by followers (defaults)", params: {} },
  { label: "name part, 2 letters", params: { searchTerm: "ka" } },
  { label: "name part, 2 letters, rare", params: { searchTerm: "xi" } },
  { label: "name part, 3 letters", params: { searchTerm: "mar" } },
  { label: "name part, 4 letters", params: { searchTerm: "lina" } },
  { label: "two name terms", params: { searchTerm: "ka ri" } },
  { label: "a word and a syllable", params: { searchTerm: "sweet ma" } },
  { label: "common tag", params: { tag: "bigboobs" } },
  { label: "rare tag", params: { tag: "freckles" } },
  { label: "any of two tags", params: { tag: ["latina", "squirt"] } },
  { label: "all of three tags", params: { tag: ["latina", "squirt", "lovense"], requireAllTags: "true" } },
  { label: "age 18 to 25", params: { minAge: "18", maxAge: "25" } },
  { label: "10,000 followers or more", params: { minFollowers: "10000" } },
  { label: "viewers 100 to 1,000", params: { minViewers: "100", maxViewers: "1000" } },
  { label: "live only", params: { liveOnly: "true" } },
  {
    label: "live only, most viewers first",
    params: { liveOnly: "true", orderBy: "viewers", sortOrder: "desc" },
  },
  { label: "by name, a to z", params: { orderBy: "name", sortOrder: "asc" } },
  { label: "men by name, z to a", params: { gender: "m", orderBy: "name", sortOrder: "desc" } },
  { label: "couples, fewest viewers first", params: { gender: "c", orderBy: "viewers", sortOrder: "asc" } },
  {
    label: "trans (s), fewest followers first",
    params: { gender: "s", orderBy: "followers", sortOrder: "asc" },
  },
  { label: "women, page 101 (offset 5000)", params: { gender: "f", offset: "5000" } },
  { label: "by viewers, page 101 (offset 5000)", params: { orderBy: "viewers", offset: "5000" } },
  {
    label: "women, latina, age 20 to 30, by viewers",
    params: { gender: "f", tag: "latina", minAge: "20", maxAge: "30", orderBy: "viewers" },
  },
  { label: "name part, live, women", params: { searchTerm: "na", liveOnly: "true", gender: "f" } },
  {
    label: "trans (s), lovense, 1,000+ followers, page 2",
    params: { gender: "s", tag: "lovense", minFollowers: "1000", offset: "50" },
  },
  {
    label: "name part, tag, age, follower range",
    params: { searchTerm: "ma", tag: "feet", maxAge: "40", minFollowers: "100", maxFollowers: "100000" },
  },
];

export const SUMMARY_MIX: readonly MixQuery[] = [
  { label: "common word", params: { searchTerm: "music" } },
  { label: "common closing word", params: { searchTerm: "kisses" } },
  { label: "rare word", params: { searchTerm: "saxophone" } },
  { label: "rarest word", params: { searchTerm: "taxidermy" } },
  { label: "4-letter prefix", params: { searchTerm: "trav" } },
  { label: "4-letter prefix", params: { searchTerm: "phot" } },
  { label: "4-letter prefix, rare", params: { searchTerm: "astr" } },
  { label: "two terms", params: { searchTerm: "yoga sushi" } },
  { label: "two rare terms", params: { searchTerm: "chess kyoto" } },
  { label: "two terms, one a language", params: { searchTerm: "spanish guitar" } },
].map((q) => ({ ...q, params: { mode: "summaries", ...q.params } }));

/** The request path of a query of the mix. */
export function searchPath(query: MixQuery): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query.params)) {
    for (const v of typeof value === "string" ? [value] : value) search.append(name, v);
  }
  const qs = search.toString();
  return qs ? `/api/model_search?${qs}` : "/api/model_search";
}
