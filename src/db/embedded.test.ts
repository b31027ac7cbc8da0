import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedDatabase, freePort, runningServer, startEmbeddedPostgres } from "./embedded.ts";

describe("an embedded PostgreSQL already running on the data directory", () => {
  let dataDir: string;
  let server: EmbeddedDatabase;
  let stopped = false;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "camstats-embedded-"));
    server = await startEmbeddedPostgres({ dataDir, port: 0, settings: { fsync: "off" } });
  }, 120_000);
  afterAll(async () => {
    if (!stopped) await server.stop();
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

  describe("its owner, from the owner file in the data directory (never from a process name)", () => {
    const ownerFile = () => path.join(dataDir, "pg-owner.json");
    let written: string;
    beforeAll(async () => {
      written = await readFile(ownerFile(), "utf8");
    });
    afterAll(async () => {
      await writeFile(ownerFile(), written);
    });

    it("names this process and when it started", () => {
      const owner = JSON.parse(written) as { pid: number; startTicks: number | null };
      expect(owner.pid).toBe(process.pid);
      if (process.platform === "linux") expect(owner.startTicks).toEqual(expect.any(Number));
    });

    it("is gone once its process has exited: the server is an orphan a new start may stop", async () => {
      const exited = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
        encoding: "utf8",
      });
      await writeFile(ownerFile(), JSON.stringify({ pid: Number(exited.stdout), startTicks: null }));
      expect(await runningServer(dataDir)).toMatchObject({ port: server.port, owned: false });
    });

    it.runIf(process.platform === "linux")(
      "is gone when its pid now belongs to a process that started later",
      async () => {
        const owner = JSON.parse(written) as { pid: number; startTicks: number };
        await writeFile(ownerFile(), JSON.stringify({ pid: owner.pid, startTicks: owner.startTicks - 1 }));
        expect(await runningServer(dataDir)).toMatchObject({ owned: false });
        await writeFile(ownerFile(), written);
        expect(await runningServer(dataDir)).toMatchObject({ owned: true });
      },
    );
  });

  it("is not there for a directory without a server", async () => {
    expect(await runningServer(path.join(dataDir, "elsewhere"))).toBeNull();
  });

  // Last: it stops the server. Its shutdown removes postmaster.pid at a moment no caller chooses.
  it("is asked while it shuts down: each answer is the server or none, never an error", async () => {
    const answers: unknown[] = [];
    let stopping = true;
    // Many askers at once, so that one of them is likely inside the moment the file goes.
    const asking = Promise.all(
      Array.from({ length: 16 }, async () => {
        while (stopping) {
          const answer = await runningServer(dataDir);
          answers.push(answer);
          // No file, no I/O: without a turn of the event loop the stop itself would never finish.
          if (answer === null) await new Promise((r) => setImmediate(r));
        }
      }),
    );
    await server.stop();
    stopped = true;
    stopping = false;
    await asking;
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) if (answer !== null) expect(answer).toMatchObject({ port: server.port });
    expect(await runningServer(dataDir)).toBeNull();
  });
});

describe("a free port for a server to listen on later", () => {
  it("lies below the kernel's range for outgoing connections, and a server can listen on it", async () => {
    const [low] = (await readFile("/proc/sys/net/ipv4/ip_local_port_range", "utf8")).trim().split(/\s+/);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(Number(low));
    }
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], "127.0.0.1", resolve));
    expect((server.address() as AddressInfo).port).toBe(ports[0]);
    await new Promise((resolve) => server.close(resolve));
  });
});
