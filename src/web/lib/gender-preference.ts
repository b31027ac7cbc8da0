import type { RoomGender } from "../../online-rooms/query.ts";

/**
 * The visitor's gender preference (SPEC §3): four flags kept in the browser's local storage, female
 * and couple on until changed. The live-room lists ask the platform for the genders that are on.
 */
export interface GenderPreference {
  female: boolean;
  male: boolean;
  couple: boolean;
  trans: boolean;
}

export type GenderKey = keyof GenderPreference;

export const DEFAULT_GENDER_PREFERENCE: Readonly<GenderPreference> = {
  female: true,
  male: false,
  couple: true,
  trans: false,
};

export const GENDER_PREFERENCE_KEY = "camstats.genderPreference";

/** The toggles, in the SPEC's order, with the feed's code of each. */
export const GENDER_OPTIONS: readonly { key: GenderKey; code: RoomGender; label: string }[] = [
  { key: "female", code: "f", label: "Female" },
  { key: "male", code: "m", label: "Male" },
  { key: "couple", code: "c", label: "Couples" },
  { key: "trans", code: "t", label: "Trans" },
];

/** The feed's gender codes of a preference, in the feed's order. */
export function gendersOf(preference: GenderPreference): RoomGender[] {
  return GENDER_OPTIONS.filter((o) => preference[o.key]).map((o) => o.code);
}

/** The preference that asks for exactly these codes (what a list was fetched with). */
export function preferenceOf(genders: readonly RoomGender[]): GenderPreference {
  return {
    female: genders.includes("f"),
    male: genders.includes("m"),
    couple: genders.includes("c"),
    trans: genders.includes("t"),
  };
}

/**
 * The stored text as a preference. Anything else than four booleans with at least one on (an old
 * format, a hand edit, a preference that would show nothing) reads as the default.
 */
export function parseGenderPreference(text: string | null): GenderPreference {
  if (text === null) return { ...DEFAULT_GENDER_PREFERENCE };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return { ...DEFAULT_GENDER_PREFERENCE };
    const flags = value as Record<string, unknown>;
    const preference = {} as GenderPreference;
    for (const { key } of GENDER_OPTIONS) {
      const flag = flags[key];
      if (typeof flag !== "boolean") return { ...DEFAULT_GENDER_PREFERENCE };
      preference[key] = flag;
    }
    return gendersOf(preference).length > 0 ? preference : { ...DEFAULT_GENDER_PREFERENCE };
  } catch {
    return { ...DEFAULT_GENDER_PREFERENCE };
  }
}

/** The preference switched for one gender; the last one on stays on, since none would list nothing. */
export function toggleGender(preference: GenderPreference, key: GenderKey): GenderPreference {
  const next = { ...preference, [key]: !preference[key] };
  return gendersOf(next).length > 0 ? next : preference;
}

/** Local storage where it can be used; private modes and blocked storage throw on access. */
function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored preference, or the default (always on the server: the first render uses it). */
export function readGenderPreference(store: Pick<Storage, "getItem"> | null = storage()): GenderPreference {
  try {
    return parseGenderPreference(store?.getItem(GENDER_PREFERENCE_KEY) ?? null);
  } catch {
    return { ...DEFAULT_GENDER_PREFERENCE };
  }
}

/** Stores the preference; where storage is refused it lasts as long as the page does. */
export function writeGenderPreference(
  preference: GenderPreference,
  store: Pick<Storage, "setItem"> | null = storage(),
): void {
  try {
    store?.setItem(GENDER_PREFERENCE_KEY, JSON.stringify(preference));
  } catch {
    // Full or refused storage: the choice still applies to the list now on screen.
  }
}
