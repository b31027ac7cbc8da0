import { describe, expect, it } from "vitest";
import {
  DEFAULT_GENDER_PREFERENCE,
  GENDER_PREFERENCE_KEY,
  gendersOf,
  parseGenderPreference,
  preferenceOf,
  readGenderPreference,
  toggleGender,
  writeGenderPreference,
} from "./gender-preference.ts";

/** A Storage-like map; `refuse` makes it throw like a browser's blocked or full storage. */
function memoryStorage(refuse = false) {
  const items = new Map<string, string>();
  return {
    items,
    getItem(key: string) {
      if (refuse) throw new Error("SecurityError");
      return items.get(key) ?? null;
    },
    setItem(key: string, value: string) {
      if (refuse) throw new Error("QuotaExceededError");
      items.set(key, value);
    },
  };
}

describe("the gender preference", () => {
  it("starts with female and couple on (SPEC §3)", () => {
    expect(DEFAULT_GENDER_PREFERENCE).toEqual({ female: true, male: false, couple: true, trans: false });
    expect(gendersOf(DEFAULT_GENDER_PREFERENCE)).toEqual(["f", "c"]);
    expect(readGenderPreference(null)).toEqual(DEFAULT_GENDER_PREFERENCE);
  });

  it("maps flags to the feed's codes and back", () => {
    const all = { female: true, male: true, couple: true, trans: true };
    expect(gendersOf(all)).toEqual(["f", "m", "c", "t"]);
    expect(preferenceOf(["t", "m"])).toEqual({ female: false, male: true, couple: false, trans: true });
    expect(gendersOf(preferenceOf(["c"]))).toEqual(["c"]);
  });

  it("switches one gender, but never the last one off", () => {
    const withMale = toggleGender(DEFAULT_GENDER_PREFERENCE, "male");
    expect(gendersOf(withMale)).toEqual(["f", "m", "c"]);
    const onlyTrans = { female: false, male: false, couple: false, trans: true };
    expect(toggleGender(onlyTrans, "trans")).toBe(onlyTrans);
    expect(DEFAULT_GENDER_PREFERENCE.male).toBe(false);
  });

  it("persists through storage, and reads anything unusable as the default", () => {
    const store = memoryStorage();
    const chosen = { female: false, male: true, couple: false, trans: true };
    writeGenderPreference(chosen, store);
    expect(JSON.parse(store.items.get(GENDER_PREFERENCE_KEY) ?? "")).toEqual(chosen);
    expect(readGenderPreference(store)).toEqual(chosen);
    for (const text of [
      "not json",
      "null",
      "[]",
      '{"female": true}',
      '{"female": "yes", "male": false, "couple": true, "trans": false}',
      '{"female": false, "male": false, "couple": false, "trans": false}',
    ]) {
      expect(parseGenderPreference(text), text).toEqual(DEFAULT_GENDER_PREFERENCE);
    }
  });

  it("carries on where storage is refused", () => {
    const store = memoryStorage(true);
    expect(() => writeGenderPreference(DEFAULT_GENDER_PREFERENCE, store)).not.toThrow();
    expect(readGenderPreference(store)).toEqual(DEFAULT_GENDER_PREFERENCE);
  });
});
