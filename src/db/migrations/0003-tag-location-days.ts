import { type Kysely, sql } from "kysely";

/**
 * tag_days and location_days: DERIVED from performer_days and performers, one row per UTC day,
 * tag (or country) and gender. Rebuildable at any time by rollupTagDays (src/stats/tag-days.ts)
 * and rollupLocationDays (src/stats/location-days.ts), which replace a day's rows whole.
 *
 * gender is the feed's key (f, m, c, t) or 'u' when the feed never told us: the "all" figures are
 * the sum over the genders. Opted-out performers are left out of both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tag_days (
      day             date NOT NULL,
      tag             text NOT NULL,
      gender          text NOT NULL CHECK (gender IN ('f', 'm', 'c', 't', 'u')),
      performers      integer NOT NULL,
      viewers_sum     bigint NOT NULL,
      followers_sum   bigint NOT NULL,
      follower_gain_sum bigint NOT NULL,
      minutes_online  bigint NOT NULL,
      PRIMARY KEY (day, tag, gender)
    )`.execute(db);
  await sql`
    CREATE TABLE location_days (
      day             date NOT NULL,
      country         text NOT NULL,
      gender          text NOT NULL CHECK (gender IN ('f', 'm', 'c', 't', 'u')),
      performers      integer NOT NULL,
      viewers_sum     bigint NOT NULL,
      followers_sum   bigint NOT NULL,
      minutes_online  bigint NOT NULL,
      PRIMARY KEY (day, country, gender)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS location_days`.execute(db);
  await sql`DROP TABLE IF EXISTS tag_days`.execute(db);
}
