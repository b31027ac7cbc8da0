import { viewerCode } from "../rules/formulas/viewer-threshold.ts";
import type { LiveState } from "./live-state.ts";
import type { GenderCode } from "./search-index.ts";

/** SPEC §3 search result performer. Counts the platform never gave us are null. */
export interface ModelResult {
  name: string;
  displayName: string | null;
  gender: GenderCode | null;
  age: number | null;
  country: string | null;
  maxViewers: number | null;
  followerCount: number | null;
  tags: string[];
  lastSeenTime: string;
}

export function modelResult(live: LiveState, row: number): ModelResult {
  const { index } = live;
  const followers = index.followers[row] as number;
  const age = index.age[row] as number;
  return {
    name: index.nameOf(row),
    displayName: index.displayNameOf(row),
    gender: index.genderCodeOf(row),
    age: age === 0 ? null : age,
    country: index.countryOf(row),
    maxViewers: live.maxViewersOf(row),
    followerCount: followers < 0 ? null : followers,
    tags: index.tagsOf(row),
    lastSeenTime: new Date(live.lastSeen[row] as number).toISOString(),
  };
}

/**
 * A row's result as JSON, kept for the life of the live state: the first pages of popular searches
 * are asked again and again, and building and serializing 50 results was a fifth of a search's cost.
 */
export function modelResultJson(live: LiveState, row: number): string {
  let json = live.resultJson[row];
  if (json === undefined) {
    json = JSON.stringify(modelResult(live, row));
    live.resultJson[row] = json;
  }
  return json;
}

const DAY_MS = 86_400_000;

/**
 * The enriched name of a summary search result (SPEC §3): name, gender, age, viewer code and whole
 * days since the last broadcast (I: never), dash-separated (docs/formulas.md).
 */
export function enrichedName(live: LiveState, row: number, now: number): string {
  const { index } = live;
  const age = index.age[row] as number;
  const seen = live.lastSeen[row] as number;
  const days = Number.isFinite(seen) ? String(Math.max(0, Math.floor((now - seen) / DAY_MS))) : "I";
  const viewers = live.maxViewersOf(row) ?? 0;
  return [
    index.nameOf(row),
    index.genderCodeOf(row) ?? "",
    age === 0 ? "" : age,
    viewerCode(viewers),
    live.isLive(row, now) ? "0" : days,
  ].join("-");
}
