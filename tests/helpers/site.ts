import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { testApp } from "./api.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

/** Starts `app` on a free local port and gives its origin, for a browser to visit. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface TestSite {
  url: string;
  database: TestDatabase;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The whole site (API, published files, pages) on a fresh test database, listening on a free local
 * port for a browser. `prepare` fills the database before the app starts.
 */
export async function startTestSite(
  options: { publishDir?: string; prepare?: (database: TestDatabase) => Promise<void> } = {},
): Promise<TestSite> {
  const database = await createTestDatabase();
  await options.prepare?.(database);
  const app = testApp(
    database.db,
    options.publishDir === undefined ? {} : { publishDir: options.publishDir },
  );
  return {
    url: await listenLocally(app),
    database,
    app,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
