import type { GenderCode } from "../../../search/search-index.ts";
import { genderNameOfCode } from "../../lib/page-genders.ts";

/**
 * A summary search result's enriched name (SPEC §3), decoded: five dash-separated parts, name,
 * gender code, age, viewer code and whole days since the last broadcast (I: never). A name may hold
 * dashes itself, so the four other parts are read from the right.
 */
export interface EnrichedName {
  name: string;
  gender: GenderCode | null;
  age: number | null;
  /** The viewer threshold the code stands for: F 10, M 50, L 100, otherwise the number times 100. */
  viewers: number | null;
  /** Whole days since the last broadcast; null: never broadcast (I). */
  daysSinceBroadcast: number | null;
}

const GENDERS: readonly string[] = ["f", "m", "c", "s"];

/** SPEC §3's viewer code: F means 10, M 50, L 100, otherwise a number times 100. */
export function viewersOfCode(code: string): number | null {
  if (code === "F") return 10;
  if (code === "M") return 50;
  if (code === "L") return 100;
  return /^\d+$/.test(code) ? Number(code) * 100 : null;
}

/** The parts of an enriched name, or null when it does not have five. */
export function decodeEnrichedName(text: string): EnrichedName | null {
  const parts = text.split("-");
  if (parts.length < 5) return null;
  const [gender, age, viewers, days] = parts.slice(-4) as [string, string, string, string];
  const name = parts.slice(0, -4).join("-");
  if (name === "") return null;
  return {
    name,
    gender: GENDERS.includes(gender) ? (gender as GenderCode) : null,
    age: /^\d+$/.test(age) ? Number(age) : null,
    viewers: viewersOfCode(viewers),
    daysSinceBroadcast: /^\d+$/.test(days) ? Number(days) : null,
  };
}

/**
 * The viewer threshold as SPEC §9 writes it: '<N' for the codes under a hundred viewers (F, M, L:
 * L stands for 51 to 100, nearly always under 100), 'N+' for the hundreds.
 */
export function viewerText(viewers: number | null): string | null {
  if (viewers === null) return null;
  return viewers <= 100 ? `<${viewers}` : `${viewers}+`;
}

/** When the last broadcast was, in words: today (0 days: live, or within the day), N days ago, or never. */
export function broadcastText(days: number | null): string {
  if (days === null) return "never broadcast";
  if (days === 0) return "broadcast today";
  return `last broadcast ${days} ${days === 1 ? "day" : "days"} ago`;
}

/** One line of what a decoded name says: "Female, 23, <100 viewers, broadcast today". */
export function describeEnrichedName(decoded: EnrichedName): string {
  return [
    genderNameOfCode(decoded.gender),
    decoded.age === null ? null : String(decoded.age),
    decoded.viewers === null ? null : `${viewerText(decoded.viewers)} viewers`,
    broadcastText(decoded.daysSinceBroadcast),
  ]
    .filter((part) => part !== null)
    .join(", ");
}
