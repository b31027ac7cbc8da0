import { type Kysely, sql } from "kysely";

/**
 * Signed-in devices (issue 27, ASVS V3.3.4, decision 0042): what a person needs to tell their
 * sign-ins apart, and nothing more. `device` is a browser and OS family ("Firefox on Android")
 * and `country` an ISO 3166 alpha-2 code, both worked out as the session is made
 * (src/identity/session-facts.ts); `last_used_at` is renewed by the identity token's check at most
 * every few minutes. better-auth's raw address and user agent are no longer kept: the columns stay
 * (its schema names them) but a CHECK holds them empty, so no code path can store them again.
 * Sessions made before this show as an unknown device in an unknown place: the raw values they had
 * are dropped here rather than described (the description lives above the database layer), and
 * they end within their 30 days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE auth_sessions
      ADD COLUMN device        text,
      ADD COLUMN country       text,
      ADD COLUMN last_used_at  timestamptz NOT NULL DEFAULT now()`.execute(db);
  await sql`UPDATE auth_sessions SET last_used_at = updated_at, ip_address = NULL, user_agent = NULL`.execute(
    db,
  );
  await sql`
    ALTER TABLE auth_sessions
      ADD CONSTRAINT auth_sessions_no_raw_client CHECK (ip_address IS NULL AND user_agent IS NULL),
      ADD CONSTRAINT auth_sessions_device_length CHECK (length(device) <= 80),
      ADD CONSTRAINT auth_sessions_country_code CHECK (country ~ '^[A-Z]{2}$')`.execute(db);
  // The hourly cleanup deletes sessions past their end.
  await sql`CREATE INDEX auth_sessions_expires_at ON auth_sessions (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS auth_sessions_expires_at`.execute(db);
  await sql`
    ALTER TABLE auth_sessions
      DROP CONSTRAINT IF EXISTS auth_sessions_country_code,
      DROP CONSTRAINT IF EXISTS auth_sessions_device_length,
      DROP CONSTRAINT IF EXISTS auth_sessions_no_raw_client,
      DROP COLUMN IF EXISTS last_used_at,
      DROP COLUMN IF EXISTS country,
      DROP COLUMN IF EXISTS device`.execute(db);
}
