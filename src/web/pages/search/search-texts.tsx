/**
 * SPEC §8, no results: 'Found 0 matching profiles', and, for a search by a term or a tag, how many
 * profiles that term or tag alone matched: '{search term or tag} matched {n} profile(s).'
 */
export function ZeroResults({ what, count }: { what: string | null; count: number | null }) {
  return (
    <div className="search-page__none">
      <p className="search-page__count">Found 0 matching profiles</p>
      {what !== null && count !== null && (
        <p className="search-page__explain">
          {what} matched {count} profile(s).
        </p>
      )}
    </div>
  );
}
