import { type Kysely, sql } from "kysely";

/**
 * What the summaries search reads (issue 4), and the one derived figure the model search needs.
 *
 * - performer_bios: COLLECTED. Each performer's about-me text as the platform's profile endpoint
 *   gave it (ONLINE_ROOMS_API.md, biocontext), with when we last fetched it and when the text last
 *   changed (the search reloads texts only when something changed); an empty text is kept too, so
 *   a performer without one is not fetched again before the refresh interval.
 * - fan_quotes: COLLECTED. What signed-in fans write about a performer; written once accounts
 *   exist (issue 7), searched from now on.
 * - performer_peaks: DERIVED from performer_days by the daily job: each performer's highest peak
 *   viewers over the 30 ranking days to through_day (SPEC §3 search field maxViewers). Rebuilt
 *   whole for the newest day; a search adds today's sessions on top.
 *
 * The texts are searched by the server's in-memory index (docs/decisions/0005), which loads them
 * whole, so no PostgreSQL text index is built: nothing would read it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE performer_bios (
      performer_id  bigint PRIMARY KEY,
      about_me      text NOT NULL,
      fetched_at    timestamptz NOT NULL,
      changed_at    timestamptz NOT NULL
    )`.execute(db);
  // The bio fetcher picks the longest-unfetched performers first.
  await sql`CREATE INDEX performer_bios_fetched_at ON performer_bios (fetched_at)`.execute(db);

  await sql`
    CREATE TABLE fan_quotes (
      quote_id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      performer_id  bigint NOT NULL,
      quote         text NOT NULL,
      created_at    timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX fan_quotes_performer ON fan_quotes (performer_id)`.execute(db);

  await sql`
    CREATE TABLE performer_peaks (
      performer_id  bigint PRIMARY KEY,
      peak_viewers  integer NOT NULL,
      through_day   date NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["performer_peaks", "fan_quotes", "performer_bios"]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
