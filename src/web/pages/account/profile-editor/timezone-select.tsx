import { useId, useMemo, useState } from "react";
import { filterZones, timeZoneNames, zoneLabel, zoneMatches } from "./time-zones.ts";

/**
 * The timezone select (SPEC §2 names it): a native select, which every phone shows as its own
 * picker, narrowed by a search field above it, since some 400 zones are too many to scroll.
 */
export function TimezoneSelect({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [now] = useState(() => Date.now());
  const zones = useMemo(() => timeZoneNames(value), [value]);
  const labels = useMemo(() => new Map(zones.map((zone) => [zone, zoneLabel(zone, now)])), [zones, now]);
  const labelOf = (zone: string) => labels.get(zone) ?? zone;
  const shown = filterZones(zones, query, value, labelOf);
  return (
    <div className="timezone-select">
      <div className="account-field">
        <label className="account-field__label" htmlFor={`${id}-find`}>
          Find your time zone
        </label>
        <input
          id={`${id}-find`}
          type="search"
          className="account-field__input"
          placeholder="A city, a region or UTC+01:00"
          autoComplete="off"
          aria-controls={`${id}-zone`}
          aria-describedby={`${id}-count`}
          value={query}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            setQuery(typed);
            // The first match becomes the choice, as a combobox would: one step less on a phone.
            const matching = zones.filter((zone) => zoneMatches(labelOf(zone), typed));
            if (matching[0] !== undefined && !matching.includes(value)) onChange(matching[0]);
          }}
        />
        <p id={`${id}-count`} className="account-field__hint">
          {query.trim() === "" ? `${zones.length} zones` : `${shown.length} matching`}
        </p>
      </div>
      <div className="account-field">
        <label className="account-field__label" htmlFor={`${id}-zone`}>
          Time zone of your schedule
        </label>
        <select
          id={`${id}-zone`}
          className="account-field__input"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        >
          {shown.map((zone) => (
            <option key={zone} value={zone}>
              {labelOf(zone)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
