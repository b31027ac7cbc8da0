import { type Kysely, sql } from "kysely";

/**
 * auth_known_addresses: ours (issue 27, decision 0031). One row per account and client address a
 * password was last proven from (a sign-in, a change, a completed reset), under the keyed hash of
 * the pair, so no address can be read back: such an address is judged by its own counter and not
 * by the account's shared budget, so guessers elsewhere cannot lock the owner out. Cascades with
 * the account; rows not renewed within 30 days are pruned hourly.
 *
 * A hash index on auth_verifications.value: a new reset link, a completed reset and a password
 * change delete the account's reset links by its id, which better-auth keeps in `value`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE auth_known_addresses (
      pair_hash  bytea PRIMARY KEY,
      user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      last_at    timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX auth_known_addresses_user_id ON auth_known_addresses (user_id)`.execute(db);
  await sql`CREATE INDEX auth_known_addresses_last_at ON auth_known_addresses (last_at)`.execute(db);
  // Hash, not btree: an OAuth state's value is a JSON text of unbounded length.
  await sql`CREATE INDEX auth_verifications_value ON auth_verifications USING hash (value)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS auth_verifications_value`.execute(db);
  await sql`DROP TABLE IF EXISTS auth_known_addresses`.execute(db);
}
