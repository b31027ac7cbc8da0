import { type Kysely, sql } from "kysely";

/**
 * The bingo cards a verified performer's account saved (issue 20, decision 0025): the card as the
 * creator's model holds it (src/site/bingo/card.ts validates it before it is stored), its title
 * beside it for listing. Owned by the account, ON DELETE CASCADE, so deleting an account drops its
 * cards; the per-account cap is the save call's (bingo-cards.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bingo_cards (
      card_id     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      title       text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 60),
      card        jsonb NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX bingo_cards_user_id ON bingo_cards (user_id, updated_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS bingo_cards`.execute(db);
}
