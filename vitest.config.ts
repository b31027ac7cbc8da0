import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { LayerSequencer } from "./tests/layer-sequencer.ts";
import { ownProcessReason, testLayers } from "./tests/layers.ts";
import { keepTempFilesInMemory } from "./tests/temp-dir.ts";

/**
 * The tests in four layers (docs/decisions/0011-test-layers.md), each a project with a script:
 * unit (`npm run test:unit`), integration, process and browser; `npm run test:fast` is unit and
 * integration. Which file is in which layer is computed from its imports (tests/layers.ts).
 *
 * The worker counts were measured on the project's 2 cores (BENCHMARKS.md, "Test layers"). Projects
 * run one group after the other (`sequence.groupOrder`: Vitest requires it of projects whose worker
 * counts differ): unit, integration, then browser and process together (one worker count). The
 * order within a group is tests/layer-sequencer.ts's.
 */

// Before any worker or child starts: they inherit it (tests/temp-dir.ts, decision 0056).
keepTempFilesInMemory();

const root = fileURLToPath(new URL(".", import.meta.url));
const layers = testLayers(root);

const common = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // A process of its own per file: tests set process-wide state (env, exit hooks, signals).
  pool: "forks",
} as const;

/** The layers that need PostgreSQL start the one shared cluster; unit starts none. */
const withDatabase = { globalSetup: ["tests/global-setup.ts"] };

/**
 * The integration files run one after the other in each worker's one module graph
 * (`isolate: false`): loading the app's modules again for every file was about a third of the
 * layer's time (BENCHMARKS.md, "Test layers", issue 31). They set no process-wide state and share
 * no rows (a database each); those that replace a module or time themselves (tests/layers.ts,
 * ownProcessReason) keep a process of their own per file, in the project `integration-isolated`
 * of the same group. The browser layer runs so too (its files were a process each until a run on
 * the quiet machine passed whole: BENCHMARKS.md, issue 31, point 3), which also spares each file
 * the server's first, slow renders.
 */
function sharedAndIsolated(files: string[]): { shared: string[]; isolated: string[] } {
  const isolated = files.filter((file) => ownProcessReason(root, file) !== undefined);
  return { shared: files.filter((file) => !isolated.includes(file)), isolated };
}

/**
 * The layer's project in a shared module graph, and its `-isolated` one when any file needs it;
 * `settings` are the layer's own (its pool, its setup), on top of the common ones.
 */
function layerProjects(
  name: string,
  files: string[],
  options: { maxWorkers: number; groupOrder: number; settings: Record<string, unknown> },
) {
  const { shared, isolated } = sharedAndIsolated(files);
  const project = (projectName: string, include: string[], isolate: boolean) => ({
    test: {
      ...common,
      ...options.settings,
      name: projectName,
      include,
      isolate,
      maxWorkers: options.maxWorkers,
      sequence: { groupOrder: options.groupOrder },
    },
  });
  return [
    project(name, shared, false),
    ...(isolated.length > 0 ? [project(`${name}-isolated`, isolated, true)] : []),
  ];
}

export default defineConfig({
  test: {
    // A group's isolated files first (tests/layer-sequencer.ts).
    sequence: { sequencer: LayerSequencer },
    projects: [
      // Pure computation: threads start faster than processes (10 s against 12 s), one a core, and
      // the files share a worker's modules as the integration files do (12 s against 24 s alone).
      ...layerProjects("unit", layers.unit, {
        maxWorkers: 2,
        groupOrder: 0,
        // Fails a test that opens a socket or a child process, naming the layer it belongs to.
        settings: { setupFiles: ["tests/setup/unit-layer.ts"], pool: "threads" },
      }),
      // Mostly waiting on PostgreSQL: 3 at once took about half the time of 1 (61 to 68 s against
      // 124); 2 and 4 were within the noise of 3.
      ...layerProjects("integration", layers.integration, {
        maxWorkers: 3,
        groupOrder: 1,
        settings: withDatabase,
      }),
      // The browser and process layers are one group, 3 workers: the process files first (the
      // longest among them, the install test, at a lower priority), then the browser files fill
      // the group to its end (tests/layer-sequencer.ts). The browser files alone: 2 at once saved
      // about a tenth, 3 nothing more.
      ...layerProjects("browser", layers.browser, {
        maxWorkers: 3,
        groupOrder: 2,
        settings: { globalSetup: [...withDatabase.globalSetup, "tests/e2e/chromium-profiles.ts"] },
      }),
      {
        test: {
          ...common,
          ...withDatabase,
          name: "process",
          include: layers.process,
          // Each picks free ports and temporary directories of its own. The layer is CPU-bound on
          // 2 cores (its children: installs, history builds, servers), yet 3 at once fill the
          // moments one waits on a child: 173 s against 194 s with 2 (BENCHMARKS.md, issue 31).
          maxWorkers: 3,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
