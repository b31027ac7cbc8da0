import { type Kysely, sql } from "kysely";

/**
 * Proof of ownership (issue 19, decision 0021): a signed-in user's claim to be performer X, with
 * the one-time code they put in X's room subject or about-me, and the one account verified for
 * each performer. Both reference users(id) ON DELETE CASCADE, so deleting an account drops its
 * claims and what it was verified for; their keys hold performer_id (DESIGN §5's Citus path).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE performer_claims (
      user_id          uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      performer_id     bigint NOT NULL REFERENCES performers (performer_id),
      code             text NOT NULL UNIQUE,
      created_at       timestamptz NOT NULL DEFAULT now(),
      expires_at       timestamptz NOT NULL,
      last_checked_at  timestamptz,
      verified_at      timestamptz,
      PRIMARY KEY (performer_id, user_id)
    )`.execute(db);
  // A user's claims (the pending limit, user_info), and the check after each poll: pending only.
  await sql`CREATE INDEX performer_claims_user_id ON performer_claims (user_id)`.execute(db);
  await sql`CREATE INDEX performer_claims_pending ON performer_claims (expires_at) WHERE verified_at IS NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE performer_owners (
      performer_id  bigint PRIMARY KEY REFERENCES performers (performer_id),
      user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      verified_at   timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX performer_owners_user_id ON performer_owners (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["performer_owners", "performer_claims"]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
