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
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
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
  project.provide("pgAdminUrl", server.adminUrl);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
