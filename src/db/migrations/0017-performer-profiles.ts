import { type Kysely, sql } from "kysely";

/**
 * The verified performer's own profile (issue 19, decision 0022): about me, the weekly schedule in
 * their zone, goals, socials and the paths of their profile and banner images. One row per
 * performer, written at the first edit; shown only while the performer has a verified account
 * (performer_owners) and has not opted out, and kept when the ownership moves (the new owner edits
 * it). The JSON columns hold what the calls validated (src/profiles/profile-rules.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE performer_profiles (
      performer_id       bigint PRIMARY KEY REFERENCES performers (performer_id),
      about_me           text NOT NULL DEFAULT '',
      schedule           jsonb,
      goals              jsonb NOT NULL DEFAULT '[]',
      show_goal_details  boolean NOT NULL DEFAULT false,
      socials            jsonb NOT NULL DEFAULT '{}',
      profile_image      text,
      banner_image       text,
      updated_at         timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS performer_profiles`.execute(db);
}
