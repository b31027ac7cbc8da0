import { type Kysely, sql } from "kysely";

/**
 * subject_goals: DERIVED from what the collector stores (issue 20, the tip menu search and the bingo
 * data file). The token goals performers write in their room subjects, parsed at every poll: one
 * row per performer and item, holding the price they last asked for it. `item_key` is the parser's
 * normal form of the item (lower case, spaces collapsed, no hashtags or emoji), used to group and
 * search; `item` is the text as last written. `amount_kind` says what the number was: the goal's
 * amount ('goal'), or the tokens still missing ('left', kept as the highest seen while the same
 * goal stayed in the subject, so a lower bound of the price). `gender` is the performer's at the
 * last sighting. Like everything kept of a performer, rows stay through an opt-out (it can be
 * withdrawn) and every read leaves opted-out performers out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE subject_goals (
      performer_id  bigint NOT NULL REFERENCES performers (performer_id),
      item_key      text NOT NULL CHECK (length(item_key) BETWEEN 1 AND 120),
      item          text NOT NULL CHECK (length(item) BETWEEN 1 AND 120),
      tokens        integer NOT NULL CHECK (tokens BETWEEN 1 AND 1000000),
      amount_kind   text NOT NULL CHECK (amount_kind IN ('goal', 'left')),
      gender        text NOT NULL CHECK (gender IN ('f', 'm', 't', 'c')),
      first_seen    timestamptz NOT NULL,
      last_seen     timestamptz NOT NULL,
      PRIMARY KEY (performer_id, item_key)
    )`.execute(db);
  await sql`CREATE INDEX subject_goals_last_seen ON subject_goals (last_seen)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS subject_goals`.execute(db);
}
