import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { connect, ensureDatabase } from "../src/db/connect.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { TEMPLATE_DATABASE } from "./helpers/database.ts";

/**
 * One embedded PostgreSQL for the whole run; each test file clones a migrated template into a
 * database of its own (tests/helpers/database.ts), so files run in parallel without sharing rows.
 * The cluster lives in the system temp dir: readable by the `postgres` user that runs it as root.
 *
 * Every layer that needs a database lists this file (vitest.config.ts), and Vitest runs it once per
 * such project: the first call starts the cluster, the others share it, the last teardown stops it.
 * The unit layer does not list it, so a unit-only run starts no PostgreSQL at all.
 */

interface Cluster {
  adminUrl: string;
  stop(): Promise<void>;
}

// On globalThis: Vitest loads this module apart for each project, in the one main process.
const registry = globalThis as typeof globalThis & {
  camstatsTestPostgres?: { cluster: Promise<Cluster>; users: number };
};

async function startCluster(): Promise<Cluster> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "camstats-test-"));
  const server = await startEmbeddedPostgres({
    dataDir,
    port: 0,
    // Durability is pointless for throwaway test data, and costs seconds.
    settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off", max_connections: "300" },
  });
  await ensureDatabase(server.adminUrl, TEMPLATE_DATABASE);
  const template = connect(server.urlFor(TEMPLATE_DATABASE), { max: 1 });
  await migrateToLatest(template.db);
  await template.close();
  return {
    adminUrl: server.adminUrl,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  registry.camstatsTestPostgres ??= { cluster: startCluster(), users: 0 };
  const shared = registry.camstatsTestPostgres;
  shared.users += 1;
  const cluster = await shared.cluster;
  project.provide("pgAdminUrl", cluster.adminUrl);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    registry.camstatsTestPostgres = undefined;
    await cluster.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
