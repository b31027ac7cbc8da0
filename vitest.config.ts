import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { testLayers } from "./tests/layers.ts";

/**
 * The tests in four layers (docs/decisions/0011-test-layers.md), each a project with a script:
 * unit (`npm run test:unit`), integration, process and browser; `npm run test:fast` is unit and
 * integration. Which file is in which layer is computed from its imports (tests/layers.ts).
 *
 * Projects with different worker counts must run in different groups (`sequence.groupOrder`), one
 * group after the other: unit, integration, browser, then process.
 */

const layers = testLayers(fileURLToPath(new URL(".", import.meta.url)));

const common = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // A fresh process per file: tests set process-wide state (env, timers, exit hooks).
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
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
