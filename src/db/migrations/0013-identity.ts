import { type Kysely, sql } from "kysely";

/**
 * Accounts (issue 17, decision 0018). better-auth's tables under our names (users, auth_accounts,
 * auth_sessions, auth_verifications, auth_jwks: src/identity/auth.ts maps every field; its schema
 * check fails at first use if the two drift), and ours: the refresh families, the used
 * verification links, and the abuse counters. Everything an account owns references users(id)
 * ON DELETE CASCADE, so deleting an account deletes all of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name            text NOT NULL DEFAULT '',
      email           text NOT NULL UNIQUE,
      email_verified  boolean NOT NULL DEFAULT false,
      image           text,
      created_at      timestamptz NOT NULL DEFAULT now(),
      updated_at      timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // A password account ('credential', account_id = the user's id) or a Google one (account_id = its sub).
  await sql`
    CREATE TABLE auth_accounts (
      id                        uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id                   uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      provider_id               text NOT NULL,
      account_id                text NOT NULL,
      password_hash             text,
      access_token              text,
      refresh_token             text,
      id_token                  text,
      access_token_expires_at   timestamptz,
      refresh_token_expires_at  timestamptz,
      scope                     text,
      created_at                timestamptz NOT NULL DEFAULT now(),
      updated_at                timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider_id, account_id)
    )`.execute(db);
  await sql`CREATE INDEX auth_accounts_user_id ON auth_accounts (user_id)`.execute(db);
  // One row per sign-in on a device: the anchor of one refresh family; its token never leaves the server.
  await sql`
    CREATE TABLE auth_sessions (
      id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token       text NOT NULL UNIQUE,
      expires_at  timestamptz NOT NULL,
      ip_address  text,
      user_agent  text,
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX auth_sessions_user_id ON auth_sessions (user_id)`.execute(db);
  // Password-reset tokens and OAuth states (identifiers stored hashed).
  await sql`
    CREATE TABLE auth_verifications (
      id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      identifier  text NOT NULL,
      value       text NOT NULL,
      expires_at  timestamptz NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX auth_verifications_identifier ON auth_verifications (identifier)`.execute(db);
  // The identity tokens' signing keys (private keys encrypted with AUTH_SECRET).
  await sql`
    CREATE TABLE auth_jwks (
      id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      public_key   text NOT NULL,
      private_key  text NOT NULL,
      alg          text,
      crv          text,
      created_at   timestamptz NOT NULL DEFAULT now(),
      expires_at   timestamptz
    )`.execute(db);
  // Ours: each refresh cookie value ever issued (its sha256), and what replaced it.
  await sql`
    CREATE TABLE auth_refresh_tokens (
      token_hash   bytea PRIMARY KEY,
      session_id   uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
      created_at   timestamptz NOT NULL DEFAULT now(),
      replaced_at  timestamptz,
      replaced_by  bytea
    )`.execute(db);
  await sql`CREATE INDEX auth_refresh_tokens_session_id ON auth_refresh_tokens (session_id)`.execute(db);
  // Ours: the abuse limits' counters (src/identity/abuse-limits.ts), one row per key (a hashed
  // address or account and what it counts), counting within a window that restarts when it ends.
  await sql`
    CREATE TABLE auth_rate_counters (
      key           text PRIMARY KEY,
      window_start  timestamptz NOT NULL,
      count         integer NOT NULL,
      last_at       timestamptz NOT NULL
    )`.execute(db);
  // Pruning rows idle for a day.
  await sql`CREATE INDEX auth_rate_counters_last_at ON auth_rate_counters (last_at)`.execute(db);
  // Ours: verification links followed (their sha256), so each works once.
  await sql`
    CREATE TABLE auth_used_links (
      token_hash  bytea PRIMARY KEY,
      used_at     timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "auth_used_links",
    "auth_rate_counters",
    "auth_refresh_tokens",
    "auth_jwks",
    "auth_verifications",
    "auth_sessions",
    "auth_accounts",
    "users",
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
