import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
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

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject("pgAdminUrl") });
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
  const url = urlWithDatabase(inject("pgAdminUrl"), name);
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
