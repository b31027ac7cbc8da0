import { describe, expect, it } from "vitest";
import {
  PASSWORD_IS_EMAIL,
  PASSWORD_IS_SITE_NAME,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  passwordProblem,
} from "./password-rules.ts";

describe("a new password's problem", () => {
  it("is said in these words", () => {
    expect(PASSWORD_TOO_SHORT).toBe("Use at least 8 characters.");
    expect(PASSWORD_TOO_LONG).toBe("Use at most 128 characters.");
    expect(PASSWORD_TOO_COMMON).toBe(
      "This password is on a list of a million passwords leaked from other sites, the first an attacker tries. Choose another.",
    );
    expect(PASSWORD_IS_EMAIL).toBe(
      "Don't use your e-mail address, or the name before its @, as your password.",
    );
    expect(PASSWORD_IS_SITE_NAME).toBe("Don't use this site's name, camstats, as your password.");
  });

  it("is its length under 8 or over 128 characters, counted as people see them", () => {
    expect(passwordProblem("Xk3#pq7")).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem("Xk3#pq7z")).toBeNull();
    expect(passwordProblem("😀😀😀😀😀😀😀")).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem("😀😀😀😀😀😀😀😀")).toBeNull();
    expect(passwordProblem("v".repeat(64) + "w".repeat(64))).toBeNull();
    expect(passwordProblem("v".repeat(64) + "w".repeat(65))).toBe(PASSWORD_TOO_LONG);
  });

  it("is being on the breached list, whatever its case", () => {
    for (const password of ["password123", "qwerty123", "iloveyou1", "12345678", "PassWord1", "baseball"])
      expect(passwordProblem(password), password).toBe(PASSWORD_TOO_COMMON);
    expect(passwordProblem("copper-meadow-71")).toBeNull();
  });

  it("is being the account's e-mail address, or a variant of the name before its @", () => {
    const email = "Ann.Fanning@example.com";
    expect(passwordProblem(" ann.fanning@EXAMPLE.com ", email)).toBe(PASSWORD_IS_EMAIL);
    expect(passwordProblem("Ann.Fanning@example.com", "bob@example.com")).toBeNull();
    for (const password of ["ann.fanning", "AnnFanning", "annfanning2026!", "4nn_f4nning", "!!ann-fanning"])
      expect(passwordProblem(password, email), password).toBe(PASSWORD_IS_EMAIL);
    // Other words beside the name make it another password; so does the name alone with no address.
    expect(passwordProblem("annfanning-likes-tea", email)).toBeNull();
    expect(passwordProblem("annfanning2026!")).toBeNull();
    // Its letters count from 4: "bob.x" is "bobx", while "al.b" says too little to be a rule.
    expect(passwordProblem("bobx7391#", "bob.x@example.com")).toBe(PASSWORD_IS_EMAIL);
    expect(passwordProblem("al.b@example.com", "al.b@example.com")).toBe(PASSWORD_IS_EMAIL);
    expect(passwordProblem("alb-7391#", "al.b@example.com")).toBeNull();
  });

  it("is being the site's name, or a simple variant of it", () => {
    for (const password of [
      "camstats",
      "CAMSTATS",
      "Camstats2026!",
      "camstats!!!!",
      "2026camstats",
      "c4mst4ts",
      "c@m$t@t$",
      "Cam Stats 1",
      "cam_stats.",
      "camstat5",
    ])
      expect(passwordProblem(password), password).toBe(PASSWORD_IS_SITE_NAME);
    for (const password of ["camstats fan since 2026", "mycamstats", "camstatscamstats", "cam--stats"])
      expect(passwordProblem(password), password).toBeNull();
  });

  it("is the first that applies: length, then the address, the site's name, the list", () => {
    expect(passwordProblem("camstat", "camstat@example.com")).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem("camstats", "camstats@example.com")).toBe(PASSWORD_IS_EMAIL);
    expect(passwordProblem("password1", "password@example.com")).toBe(PASSWORD_IS_EMAIL);
  });

  // A name's matcher must not backtrack without end (a 128-character password against a long
  // name): a second is a bound hundreds of times what it takes, far below what a blow-up would.
  it("answers the longest password against a long address at once", () => {
    const email = `${"a".repeat(60)}@example.com`;
    const started = performance.now();
    expect(passwordProblem(`${"@".repeat(127)}b`, email)).toBeNull();
    expect(passwordProblem(`${"4".repeat(60)}${"!".repeat(68)}`, email)).toBe(PASSWORD_IS_EMAIL);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
