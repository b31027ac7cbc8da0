import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { testLayers } from "./tests/layers.ts";

/**
 * The tests in four layers (docs/decisions/0011-test-layers.md), each a project with a script:
 * unit (`npm run test:unit`), integration, process and browser; `npm run test:fast` is unit and
 * integration. Which file is in which layer is computed from its imports (tests/layers.ts).
 *
 * The worker counts were measured on the project's 2 cores (BENCHMARKS.md, "Test layers"). Projects
 * run one group after the other (`sequence.groupOrder`: Vitest requires it of projects whose worker
 * counts differ): unit, integration, browser, then process.
 */

const layers = testLayers(fileURLToPath(new URL(".", import.meta.url)));

const common = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // A process of its own per file: tests set process-wide state (env, exit hooks, signals).
  pool: "forks",
} as const;

/** The layers that need PostgreSQL start the one shared cluster; unit starts none. */
const withDatabase = { globalSetup: ["tests/global-setup.ts"] };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...common,
          name: "unit",
          include: layers.unit,
          // Fails a test that opens a socket or a child process, naming the layer it belongs to.
          setupFiles: ["tests/setup/unit-layer.ts"],
          // Pure computation: threads start faster than processes (10 s against 12 s), and one a core.
          pool: "threads",
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...common,
          ...withDatabase,
          name: "integration",
          include: layers.integration,
          // Mostly waiting on PostgreSQL: 3 at once took about half the time of 1 (61 to 68 s
          // against 124); 2 and 4 were within the noise of 3.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...common,
          ...withDatabase,
          name: "browser",
          include: layers.browser,
          // Chromium renders on both cores: 2 files at once saved about a tenth, 3 nothing more.
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          ...common,
          ...withDatabase,
          name: "process",
          include: layers.process,
          // Much of their time is spent waiting on their children (an install, a history build, a
          // kill and restart): 2 at once took two thirds of the time of 1 (93 to 97 s against 141
          // to 148). Each picks free ports and temporary directories of its own.
          maxWorkers: 2,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
