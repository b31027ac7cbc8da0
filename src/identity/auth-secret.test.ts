import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { authSecretOf } from "./auth-secret.ts";

describe("the auth secret", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "camstats-secret-"));
    dirs.push(dir);
    return path.join(dir, "data");
  };

  it("is AUTH_SECRET when set, and then nothing is written", () => {
    const DATA_DIR = dataDir();
    expect(authSecretOf({ AUTH_SECRET: "k".repeat(40), DATA_DIR })).toBe("k".repeat(40));
    expect(() => statSync(path.join(DATA_DIR, "auth-secret"))).toThrow();
  });

  it("is made once, readable by this user only, and the same at every later start", () => {
    const DATA_DIR = dataDir();
    const first = authSecretOf({ AUTH_SECRET: undefined, DATA_DIR });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(DATA_DIR, "auth-secret");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(authSecretOf({ AUTH_SECRET: undefined, DATA_DIR })).toBe(first);
  });
});
