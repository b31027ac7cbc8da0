import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COMMON_PASSWORDS_FILE,
  commonPasswordCount,
  fingerprintsOf,
  holds,
  isCommonPassword,
  passwordFingerprint,
} from "./common-passwords.ts";

/** The list read the plain way, as a Set of strings: what the fingerprints must agree with. */
const lines = readFileSync(COMMON_PASSWORDS_FILE, "utf8").split("\n");
const heldForms = new Set(
  lines
    .map((line) => line.toLowerCase())
    .filter((line) => {
      const length = [...line].length;
      return length >= 8 && length <= 128;
    }),
);

describe("the breached-password list", () => {
  it("is the million most common of the 10 million list, 474,743 of them 8 to 128 characters", () => {
    expect(lines.filter((line) => line !== "")).toHaveLength(999_999);
    expect(heldForms.size).toBe(474_743);
    expect(commonPasswordCount()).toBe(474_743);
  });

  it("finds every entry it holds, whatever its case", () => {
    let missing = 0;
    for (const entry of heldForms) if (!isCommonPassword(entry)) missing++;
    expect(missing).toBe(0);
    for (const password of ["password123", "qwerty123", "iloveyou1", "12345678", "Password123", "QWERTY123"])
      expect(isCommonPassword(password), password).toBe(true);
  });

  // The list's two lines beyond ASCII are short ones: the reading of such lines is tried here.
  it("reads any list the same way: lowercased, by code points, each entry once", () => {
    const list = [
      "Ünïcödé-Pässwörd",
      "ÉTÉ-2026",
      "été-2026",
      "MixedCase99",
      "mixedcase99",
      "short",
      "😀😀😀😀😀😀😀😀",
    ];
    const held = fingerprintsOf(Buffer.from([...list, "x".repeat(129), "y".repeat(128)].join("\n")));
    expect(held).toHaveLength(5);
    expect([...held]).toEqual([...held].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const password of [
      "ünïcödé-pässwörd",
      "Été-2026",
      "MIXEDCASE99",
      "😀😀😀😀😀😀😀😀",
      "y".repeat(128),
    ])
      expect(holds(held, password), password).toBe(true);
    for (const password of ["short", "x".repeat(129), "ete-2026", "Ünïcödé-Passwörd"])
      expect(holds(held, password), password).toBe(false);
  });

  it("holds no entry under 8 characters: no password that short reaches the check", () => {
    expect(lines).toContain("123456");
    expect(isCommonPassword("123456")).toBe(false);
  });

  it("finds nothing that is not on it", () => {
    for (const password of ["correct horse battery staple", "t7#Lq9!vR2zz", "camstats-2026-wild"])
      expect(isCommonPassword(password), password).toBe(false);
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 24 }), (password) => {
        expect(isCommonPassword(password)).toBe(heldForms.has(password.toLowerCase()));
      }),
      { numRuns: 2_000 },
    );
  });

  // The false-positive rate (about n / 2^64) holds if the fingerprint spreads like a random
  // function: 474,743 random 32-bit values have about n² / 2^33 = 26 repeats, and 64-bit ones none.
  it("spreads its fingerprints as a random function would", () => {
    const prints = [...heldForms].map((entry) => passwordFingerprint(entry) as bigint);
    const repeats = (values: bigint[]) => values.length - new Set(values).size;
    expect(repeats(prints)).toBe(0);
    expect(repeats(prints.map((print) => print >> 32n))).toBeLessThan(60);
    expect(repeats(prints.map((print) => print & 0xffff_ffffn))).toBeLessThan(60);
  });
});
