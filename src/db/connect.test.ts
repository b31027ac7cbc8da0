import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { connect } from "./connect.ts";

describe("a connection lost while a transaction holds it", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  // PostgreSQL stopping (Ctrl-C reaches it with the site) or restarting ends every session with a
  // FATAL message; one that arrives between two statements of a transaction must fail that
  // transaction, not crash the process with an unhandled 'error' event.
  it("fails the transaction and leaves the pool usable", async () => {
    const own = connect(t.url, { max: 2, applicationName: "camstats-connect-test" });
    const crashes: unknown[] = [];
    const onUncaught = (error: unknown) => crashes.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      const transaction = own.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        await sql`SELECT pg_terminate_backend(${rows[0]?.pid})`.execute(t.db);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`SELECT 1`.execute(trx);
      });
      await expect(transaction).rejects.toThrow();
      expect(crashes).toEqual([]);
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(own.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      process.off("uncaughtException", onUncaught);
      await own.close();
    }
  });
});
