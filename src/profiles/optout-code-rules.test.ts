import { describe, expect, it } from "vitest";
import { CLAIM_CODE_PATTERN } from "./claim-rules.ts";
import {
  lookAlikeOptoutCode,
  newOptoutCode,
  OPTOUT_CODE_PATTERN,
  optoutCodeExpiry,
  optoutCodesIn,
} from "./optout-code-rules.ts";

const HOUR = 3600_000;

describe("opt-out code rules (decision 0044)", () => {
  it("draws codes of the claim alphabet that no claim code reads as", () => {
    for (const action of ["out", "in"] as const) {
      const code = newOptoutCode(action);
      expect(code).toMatch(OPTOUT_CODE_PATTERN);
      expect(code.startsWith(action === "out" ? "CS-OUT-" : "CS-IN-")).toBe(true);
      expect(code).not.toMatch(CLAIM_CODE_PATTERN);
    }
    expect(newOptoutCode("out")).not.toBe(newOptoutCode("out"));
  });

  it("gives every code 24 to 72 hours, the same expiry to every ask before the next grid point", () => {
    const start = Date.UTC(2026, 10, 29, 0, 0);
    for (let at = start; at < start + 96 * HOUR; at += 17 * 60_000) {
      const life = optoutCodeExpiry(at).getTime() - at;
      expect(life).toBeGreaterThanOrEqual(24 * HOUR);
      expect(life).toBeLessThanOrEqual(72 * HOUR);
    }
    const expiry = optoutCodeExpiry(start);
    const lastSame = expiry.getTime() - 24 * HOUR;
    expect(optoutCodeExpiry(lastSame).getTime()).toBe(expiry.getTime());
    expect(optoutCodeExpiry(lastSame + 1).getTime()).toBe(expiry.getTime() + 48 * HOUR);
  });

  it("finds codes anywhere in a text, in any case, and none in most texts", () => {
    expect(optoutCodesIn("Hi! cs-out-abcd-2345 and CS-IN-WXYZ-9876.")).toEqual([
      "CS-OUT-ABCD-2345",
      "CS-IN-WXYZ-9876",
    ]);
    expect(optoutCodesIn("CS-ABCD-2345 is a claim")).toEqual([]);
    // O, I, L, 0, 1 are not in the alphabet: not a code.
    expect(optoutCodesIn("CS-OUT-ABC0-2345 CS-OUT-ABCL-2345")).toEqual([]);
    expect(optoutCodesIn(null)).toEqual([]);
    expect(optoutCodesIn("")).toEqual([]);
  });

  it("answers an unknown name with a code of the same shape, the same each time, told apart only by the secret", () => {
    const expiry = new Date(Date.UTC(2026, 11, 1));
    const code = lookAlikeOptoutCode("secret", "nobody", "out", expiry);
    expect(code).toMatch(OPTOUT_CODE_PATTERN);
    expect(code.startsWith("CS-OUT-")).toBe(true);
    expect(lookAlikeOptoutCode("secret", "nobody", "out", expiry)).toBe(code);
    expect(lookAlikeOptoutCode("secret", "nobody", "in", expiry)).toMatch(/^CS-IN-/);
    expect(lookAlikeOptoutCode("other", "nobody", "out", expiry)).not.toBe(code);
    expect(lookAlikeOptoutCode("secret", "somebody", "out", expiry)).not.toBe(code);
    expect(lookAlikeOptoutCode("secret", "nobody", "out", new Date(expiry.getTime() + 48 * HOUR))).not.toBe(
      code,
    );
  });
});
