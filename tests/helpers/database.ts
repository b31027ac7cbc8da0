import { randomBytes } from "node:crypto";
import pg from "pg";
import { expect, inject } from "vitest";
import { type Connection, connect } from "../../src/db/connect.ts";

export const TEMPLATE_DATABASE = "camstats_template";

export interface TestDatabase extends Connection {
  url: string;
  name: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

function urlWithDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The test cluster's admin URL. Only the layers that need PostgreSQL start it (vitest.config.ts):
 * a unit test that asks for a database is in the wrong layer, and is told so.
 */
function adminUrl(): string {
  const url = inject("pgAdminUrl");
  if (!url) {
    throw new Error(
      `no test database in this layer: ${expect.getState().testPath ?? "this test file"} ` +
        "uses tests/helpers/database.ts, so it belongs to the integration layer (tests/layers.ts, " +
        "docs/decisions/0011-test-layers.md)",
    );
  }
  return url;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database of its own for one test file (or one test). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  await admin(async (client) => {
    // CREATE DATABASE ... TEMPLATE fails while another session is connected to the template;
    // several files start at once, so retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
        return;
      } catch (error) {
        if (attempt >= 50) throw error;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  });
  const url = urlWithDatabase(adminUrl(), name);
  const connection = connect(url, { max: 5 });
  return {
    ...connection,
    url,
    name,
    drop: async () => {
      await connection.close();
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
