import { type Kysely, sql } from "kysely";

/**
 * Secrets every node of a fleet must share (decision 0037): the identity secret, when AUTH_SECRET
 * is not configured, is made once by whichever node starts first and read by all the others. One
 * row a secret; the name is the key, so two nodes starting together cannot make two.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE site_secrets (
      name text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS site_secrets`.execute(db);
}
