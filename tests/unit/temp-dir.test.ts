import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { keepTempFilesInMemory, memoryTempDir } from "../temp-dir.ts";

/** Where the tests keep their throwaway files (tests/temp-dir.ts, decision 0056). */
describe("the tests' temporary directory", () => {
  it("is not a directory on disk, nor one that does not exist", () => {
    expect(memoryTempDir(fileURLToPath(new URL("../..", import.meta.url)))).toBeUndefined();
    expect(memoryTempDir("/no/such/directory")).toBeUndefined();
  });

  it("leaves a TMPDIR set by whoever runs the tests alone", () => {
    const env: NodeJS.ProcessEnv = { TMPDIR: "/var/tmp" };
    keepTempFilesInMemory(env);
    expect(env).toEqual({ TMPDIR: "/var/tmp" });
  });

  it("is the memory file system where there is one, and what every test here sees", () => {
    const env: NodeJS.ProcessEnv = {};
    keepTempFilesInMemory(env);
    expect(env.TMPDIR).toBe(memoryTempDir());
    // Vitest's configuration set it before this worker started (unless the runner set its own).
    if (memoryTempDir() !== undefined) expect(tmpdir()).toBe(process.env.TMPDIR);
  });
});
