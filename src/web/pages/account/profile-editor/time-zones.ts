import { offsetMinutes } from "../../../lib/profile/weekly-time.ts";

/**
 * The timezone select's choices (SPEC §2 names a "timezone select"): the IANA zones this browser
 * knows, each labelled with its offset now, narrowed by what the performer types.
 */

/** Every zone Intl knows, sorted, with UTC (some engines list only Etc/UTC); a short list without Intl's. */
export function timeZoneNames(fallback: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    // An engine without the list: the browser's own zone and UTC still make a choice.
  }
  return [...new Set([...zones, fallback, "UTC"])].sort();
}

/** "+01:00", "-03:30". */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, "0")}:${String(whole % 60).padStart(2, "0")}`;
}

/** "America/New York (UTC-05:00)": the zone's name readable, and its offset at `now`. */
export function zoneLabel(zone: string, now: number): string {
  let offset = "";
  try {
    offset = ` (UTC${offsetText(offsetMinutes(now, zone))})`;
  } catch {
    // A zone this engine does not know is still shown by name.
  }
  return `${zone.replaceAll("_", " ")}${offset}`;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_/()-]+/g, " ")
    .split(/\s+/)
    .filter((word) => word !== "");

/** Whether a zone's label holds every word typed ("new york", "amst", "utc+05:30"). */
export function zoneMatches(label: string, query: string): boolean {
  const wanted = words(query);
  const text = label.toLowerCase().replace(/[_/()-]+/g, " ");
  return wanted.every((word) => text.includes(word));
}

/** The zones matching what was typed, the chosen one always kept so the select never loses its value. */
export function filterZones(
  zones: readonly string[],
  query: string,
  chosen: string,
  labelOf: (zone: string) => string,
): string[] {
  if (words(query).length === 0) return [...zones];
  const matching = zones.filter((zone) => zoneMatches(labelOf(zone), query));
  return matching.includes(chosen) ? matching : [chosen, ...matching];
}
