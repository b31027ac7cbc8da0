import childProcess from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  INTEGRATION_MARKERS,
  layerOfSourceTest,
  ownProcessReason,
  PROCESS_MARKERS,
  testLayers,
} from "../layers.ts";

/**
 * The test layers' classification (tests/layers.ts) and the unit layer's guard
 * (tests/setup/unit-layer.ts): a test lands in its layer by what it imports, none falls outside
 * every layer, and a unit test that opens a socket or a child process fails, naming its layer.
 */

const repository = fileURLToPath(new URL("../..", import.meta.url));

describe("the layer of a test beside the code", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "camstats-layers-"));
    // The markers that name files must exist, or the classification refuses to run.
    for (const marker of [...PROCESS_MARKERS, ...INTEGRATION_MARKERS]) {
      if (!marker.includes("/")) continue;
      await mkdir(path.join(root, path.dirname(marker)), { recursive: true });
      await writeFile(path.join(root, marker), "export {};\n");
    }
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const write = async (file: string, text: string) => {
    await mkdir(path.join(root, path.dirname(file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  };

  it("is integration when a test helper it reaches, however deep, uses the database", async () => {
    await write("tests/helpers/rows.ts", 'import { sql } from "kysely";\nimport "./deeper.ts";\n');
    await write("tests/helpers/deeper.ts", 'export { createTestDatabase } from "./database.ts";\n');
    await write(
      "src/a.test.ts",
      'import { it } from "vitest";\nimport { rows } from "../tests/helpers/rows.ts";\n',
    );
    expect(layerOfSourceTest(root, "src/a.test.ts")).toEqual({
      layer: "integration",
      because: "tests/helpers/database.ts",
    });
  });

  it("is process when it starts child processes, even with a database too", async () => {
    await write(
      "src/db/b.test.ts",
      'import { spawn } from "node:child_process";\nimport { x } from "../../tests/helpers/database.ts";\n',
    );
    expect(layerOfSourceTest(root, "src/db/b.test.ts").layer).toBe("process");
  });

  it("reads imports over several lines and dynamic imports", async () => {
    await write("src/c.test.ts", 'import {\n  type FastifyInstance,\n  fastify,\n} from "fastify";\n');
    await write("src/d.test.ts", 'it("x", async () => {\n  const http = await import("node:http");\n});\n');
    expect(layerOfSourceTest(root, "src/c.test.ts").layer).toBe("integration");
    expect(layerOfSourceTest(root, "src/d.test.ts").layer).toBe("integration");
  });

  it("is unit with type-only imports, and with code under test that could reach a database", async () => {
    await write(
      "src/e.test.ts",
      'import type { Pool } from "pg";\nexport type { Db } from "./db/connect.ts";\nimport { rank } from "./rank.ts";\n',
    );
    await write("src/rank.ts", 'import { connect } from "./db/connect.ts";\n');
    expect(layerOfSourceTest(root, "src/e.test.ts")).toEqual({ layer: "unit" });
  });

  it("refuses a test file in no layer, and a marker that names no file", async () => {
    await write("src/f.test.ts", "export {};\n");
    await write("tests/e2e/g.test.ts", "export {};\n");
    expect(testLayers(root)).toEqual({
      unit: ["src/f.test.ts"],
      integration: [],
      process: [],
      browser: ["tests/e2e/g.test.ts"],
    });
    await write("tests/stray.test.ts", "export {};\n");
    expect(() => testLayers(root)).toThrow("test files in no layer (put them beside the code");
    await rm(path.join(root, "tests/stray.test.ts"));
    await rm(path.join(root, "src/server/app.ts"));
    expect(() => testLayers(root)).toThrow("tests/layers.ts names src/server/app.ts, which no longer exists");
  });

  it("gives a process of its own to a file that replaces modules or times itself", async () => {
    await write("src/m.test.ts", 'vi.mock("./hash.ts", async (original) => ({ ...(await original()) }));\n');
    await write("src/n.test.ts", 'it("x", () => {\n  vi.doMock("./hash.ts");\n});\n');
    await write("src/o.test.ts", "const start = performance.now();\n");
    await write(
      "src/p.test.ts",
      'const spy = vi.fn();\nvi.spyOn(console, "log");\n// no vi.mocking, no performance.timeOrigin\n',
    );
    expect(ownProcessReason(root, "src/m.test.ts")).toBe("replaces modules");
    expect(ownProcessReason(root, "src/n.test.ts")).toBe("replaces modules");
    expect(ownProcessReason(root, "src/o.test.ts")).toBe("times itself");
    expect(ownProcessReason(root, "src/p.test.ts")).toBeUndefined();
    // This repository's: the sign-in limits' test counts the hashing it replaces.
    expect(ownProcessReason(repository, "src/server/routes/auth/sign-in-limits.test.ts")).toBe(
      "replaces modules",
    );
    expect(ownProcessReason(repository, "src/platform/feed-client.test.ts")).toBe("times itself");
    expect(ownProcessReason(repository, "src/db/migrate.test.ts")).toBeUndefined();
  });

  it("has the layer scripts and CI select each layer's isolated project too", async () => {
    const { scripts } = JSON.parse(await readFile(path.join(repository, "package.json"), "utf8"));
    expect(scripts["test:unit"]).toContain("--project 'unit*'");
    expect(scripts["test:integration"]).toContain("--project 'integration*'");
    expect(scripts["test:fast"]).toContain("--project 'unit*' --project 'integration*'");
    expect(scripts["test:browser"]).toContain("--project 'browser*'");
    expect(scripts["test:process"]).toContain("--project 'process*'");
    expect(await readFile(path.join(repository, ".ci/run"), "utf8")).toContain(
      "--project 'unit*' --project 'integration*'",
    );
  });

  it("puts every test file of this repository in exactly one layer, this one in unit", () => {
    const layers = testLayers(repository);
    const all = Object.values(layers).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(layers.unit).toContain("tests/unit/layers.test.ts");
    expect(layers.integration).toContain("src/db/migrate.test.ts");
    expect(layers.process).toContain("tests/process/start.test.ts");
    expect(layers.browser.every((file) => file.startsWith("tests/e2e/"))).toBe(true);
  });
});

describe("the unit layer's guard", () => {
  it("fails a connection (a database, an HTTP request), saying it belongs to integration", async () => {
    expect(() => net.connect(5432, "127.0.0.1")).toThrow("belongs to the integration layer");
    const failed = await fetch("http://127.0.0.1:5999/").catch((error: Error) => error);
    expect(String((failed as Error).cause)).toContain("belongs to the integration layer");
  });

  it("fails a listening server, saying it belongs to integration", () => {
    expect(() => net.createServer().listen(0)).toThrow("belongs to the integration layer");
  });

  it("fails a child process, however started, saying it belongs to process", () => {
    expect(() => childProcess.spawn("true")).toThrow("belongs to the process layer");
    expect(() => childProcess.execFileSync("true")).toThrow("belongs to the process layer");
  });
});
