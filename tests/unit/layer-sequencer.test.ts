import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { committedDurations, orderForRun } from "../layer-sequencer.ts";
import { testLayers } from "../layers.ts";

/**
 * The order of a run (tests/layer-sequencer.ts): group by group, then failed first, then the files
 * with a process of their own before those that share a worker, each longest first, by the last
 * run on this machine or else the committed table.
 */

const root = "/repo";
/** A project shares its workers' modules unless it is a process layer or an `-isolated` one. */
const spec = (project: string, groupOrder: number, file: string) => ({
  project: {
    name: project,
    config: { isolate: project === "process" || project.endsWith("-isolated"), sequence: { groupOrder } },
  },
  moduleId: path.join(root, file),
});
const names = (specs: { moduleId: string }[]) => specs.map((s) => path.relative(root, s.moduleId));

describe("the order of a run", () => {
  const files = [
    spec("process", 2, "tests/process/start.test.ts"),
    spec("process", 2, "tests/process/site-roles.test.ts"),
    spec("browser", 2, "tests/e2e/home.test.ts"),
    spec("integration", 1, "src/a.test.ts"),
    spec("browser", 2, "tests/e2e/shell.test.ts"),
    spec("unit", 0, "src/b.test.ts"),
    spec("integration-isolated", 1, "src/c.test.ts"),
  ];

  it("keeps the groups in order, runs own-process files first, then the shared ones, longest first", () => {
    const order = orderForRun(files, {
      root,
      lastRun: () => undefined,
      committed: {
        "tests/process/start.test.ts": 60,
        "tests/process/site-roles.test.ts": 5,
        "tests/e2e/home.test.ts": 40,
        "tests/e2e/shell.test.ts": 90,
        "src/a.test.ts": 2,
        "src/b.test.ts": 1,
        "src/c.test.ts": 20,
      },
    });
    expect(names(order)).toEqual([
      "src/b.test.ts",
      "src/c.test.ts",
      "src/a.test.ts",
      "tests/process/start.test.ts",
      "tests/process/site-roles.test.ts",
      // Longer than every process file, and still after them: one block of browser files.
      "tests/e2e/shell.test.ts",
      "tests/e2e/home.test.ts",
    ]);
  });

  it("prefers this machine's last run, runs its failures first and a file nobody timed before all", () => {
    const lastRun: Record<string, { duration: number; failed: boolean }> = {
      "process:tests/process/start.test.ts": { duration: 10_000, failed: false },
      "browser:tests/e2e/home.test.ts": { duration: 5_000, failed: true },
      "browser:tests/e2e/shell.test.ts": { duration: 30_000, failed: false },
    };
    const order = orderForRun(files, {
      root,
      lastRun: (key) => lastRun[key],
      committed: { "tests/process/start.test.ts": 60, "src/a.test.ts": 2, "src/b.test.ts": 1 },
    });
    expect(names(order)).toEqual([
      "src/b.test.ts",
      // Never timed: first in its group.
      "src/c.test.ts",
      "src/a.test.ts",
      // Failed last time: first.
      "tests/e2e/home.test.ts",
      // Never timed, then this machine's 10 s over the table's 60.
      "tests/process/site-roles.test.ts",
      "tests/process/start.test.ts",
      "tests/e2e/shell.test.ts",
    ]);
  });
});

describe("the committed table of durations (tests/durations.json)", () => {
  const repository = fileURLToPath(new URL("../..", import.meta.url));
  const durations = committedDurations();
  const layers = testLayers(repository);

  it("names only files that exist, each with seconds", () => {
    for (const [file, seconds] of Object.entries(durations)) {
      expect(existsSync(path.join(repository, file)), file).toBe(true);
      expect(seconds, file).toBeGreaterThanOrEqual(0);
    }
  });

  it("times every file of the slow layers, so a fresh clone runs their longest first", () => {
    const untimed = [...layers.process, ...layers.browser].filter((file) => !(file in durations));
    expect(untimed, "run npm test, then npm run test:durations").toEqual([]);
  });
});
