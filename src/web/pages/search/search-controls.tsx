import type { OrderBy } from "../../../search/model-query.ts";
import type { SearchMode, Sort } from "./filters.ts";

export const PANEL_ID = "search-results-panel";

/** The two search modes as tabs (SPEC §2): 'Summaries & Fan quotes' reads 'Descriptions' below 750 px. */
export function ModeTabs({
  mode,
  hydrated,
  onChange,
}: {
  mode: SearchMode;
  hydrated: boolean;
  onChange: (mode: SearchMode) => void;
}) {
  const tab = (value: SearchMode, label: React.ReactNode) => (
    <button
      type="button"
      role="tab"
      id={`search-tab-${value}`}
      className="search-tabs__tab"
      aria-selected={mode === value}
      aria-controls={PANEL_ID}
      // One tab stop; the arrow keys move between the two (the ARIA tabs pattern).
      tabIndex={mode === value ? 0 : -1}
      // Without scripts only the names search (the server's) is there.
      disabled={!hydrated && value !== mode}
      onClick={() => {
        if (value !== mode) onChange(value);
      }}
    >
      {label}
    </button>
  );
  return (
    <div
      className="search-tabs"
      role="tablist"
      aria-label="Search in"
      onKeyDown={(event) => {
        if (!hydrated || !["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
        event.preventDefault();
        const next: SearchMode =
          event.key === "Home"
            ? "models"
            : event.key === "End"
              ? "summaries"
              : mode === "models"
                ? "summaries"
                : "models";
        if (next !== mode) onChange(next);
        document.getElementById(`search-tab-${next}`)?.focus();
      }}
    >
      {tab("models", "Models")}
      {tab(
        "summaries",
        <>
          <span className="search-tabs__long">Summaries &amp; Fan quotes</span>
          <span className="search-tabs__short">Descriptions</span>
        </>,
      )}
    </div>
  );
}

const ORDER_LABELS: Record<OrderBy, string> = { name: "Name", viewers: "Viewers", followers: "Followers" };

/** The sort control (SPEC §2, §4): a field and a direction that toggles desc/asc. */
export function SortControl({
  sort,
  hydrated,
  onChange,
}: {
  sort: Sort;
  hydrated: boolean;
  onChange: (sort: Sort) => void;
}) {
  const descending = sort.sortOrder === "desc";
  return (
    <div className="search-sort">
      <label className="search-sort__label" htmlFor="search-sort-field">
        Sort by
      </label>
      <select
        id="search-sort-field"
        className="search-sort__field"
        value={sort.orderBy}
        disabled={!hydrated}
        onChange={(event) => onChange({ ...sort, orderBy: event.target.value as OrderBy })}
      >
        {(Object.keys(ORDER_LABELS) as OrderBy[]).map((key) => (
          <option key={key} value={key}>
            {ORDER_LABELS[key]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="search-sort__direction"
        disabled={!hydrated}
        aria-label={descending ? "Descending: switch to ascending" : "Ascending: switch to descending"}
        onClick={() => onChange({ ...sort, sortOrder: descending ? "asc" : "desc" })}
      >
        <span aria-hidden="true">{descending ? "↓ Desc" : "↑ Asc"}</span>
      </button>
    </div>
  );
}
