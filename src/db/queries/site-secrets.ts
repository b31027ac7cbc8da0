import { sql } from "kysely";
import type { Db } from "../connect.ts";

/**
 * The secret named `name`, made from `make()` if no node has made it yet. Whoever inserts first
 * wins; everyone, the winner included, reads the row that won, so two nodes starting at once agree.
 */
export async function sharedSecret(db: Db, name: string, make: () => string): Promise<string> {
  await sql`
    INSERT INTO site_secrets (name, value) VALUES (${name}, ${make()})
    ON CONFLICT (name) DO NOTHING`.execute(db);
  const row = await db
    .selectFrom("site_secrets")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.value;
}
