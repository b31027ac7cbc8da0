import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedDatabase, runningServer, startEmbeddedPostgres } from "./embedded.ts";

describe("an embedded PostgreSQL already running on the data directory", () => {
  let dataDir: string;
  let server: EmbeddedDatabase;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "camstats-embedded-"));
    server = await startEmbeddedPostgres({ dataDir, port: 0, settings: { fsync: "off" } });
  }, 120_000);
  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("is found with its port, as owned by a live process (this one)", async () => {
    expect(await runningServer(dataDir)).toMatchObject({ port: server.port, owned: true });
  });

  it("is never stopped by a second start: that start fails and says what to do", async () => {
    await expect(startEmbeddedPostgres({ dataDir, port: 0 })).rejects.toThrow(
      /another running process uses the database in .*stop it first, or give this one another DATA_DIR/,
    );
    expect(await runningServer(dataDir)).toMatchObject({ port: server.port, owned: true });
  });

  it("is not there for a directory without a server", async () => {
    expect(await runningServer(path.join(dataDir, "elsewhere"))).toBeNull();
  });
});
