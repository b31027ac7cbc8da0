import { sql } from "kysely";
import type { Db } from "../connect.ts";

export interface SavedCardRow {
  id: string;
  title: string;
  card: unknown;
  updatedAt: Date;
}

export type CardSave =
  | { kind: "saved"; id: string; created: boolean }
  | { kind: "not-found" }
  | { kind: "limit" };

/** Whether the account is the verified account of a performer (performer_owners): who may save cards. */
export async function ownsVerifiedPerformer(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("performer_owners")
    .select("performer_id")
    .where("user_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's saved cards, newest changed first. */
export async function savedCards(db: Db, userId: string): Promise<SavedCardRow[]> {
  return db
    .selectFrom("bingo_cards")
    .select(["card_id as id", "title", "card", "updated_at as updatedAt"])
    .where("user_id", "=", userId)
    .orderBy("updated_at", "desc")
    .orderBy("card_id")
    .execute();
}

/**
 * Saves a card of the account's: replaces the one with `id` (only the owner's: another's is
 * "not-found", as an unknown one), or adds one while the account has fewer than `max`. The user row
 * is locked so two saves at once cannot both pass the cap.
 */
export async function saveCard(
  db: Db,
  userId: string,
  card: { id: string | undefined; title: string; card: unknown },
  max: number,
): Promise<CardSave> {
  return db.transaction().execute(async (tx) => {
    if (card.id !== undefined) {
      const updated = await tx
        .updateTable("bingo_cards")
        .set({ title: card.title, card: JSON.stringify(card.card), updated_at: sql`now()` })
        .where("card_id", "=", card.id)
        .where("user_id", "=", userId)
        .returning("card_id")
        .executeTakeFirst();
      return updated === undefined
        ? { kind: "not-found" }
        : { kind: "saved", id: updated.card_id, created: false };
    }
    await tx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
    const { count } = await tx
      .selectFrom("bingo_cards")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= max) return { kind: "limit" };
    const inserted = await tx
      .insertInto("bingo_cards")
      .values({ user_id: userId, title: card.title, card: JSON.stringify(card.card) })
      .returning("card_id")
      .executeTakeFirstOrThrow();
    return { kind: "saved", id: inserted.card_id, created: true };
  });
}

/** Deletes a card of the account's; false when it has none with that id. */
export async function deleteCard(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("bingo_cards")
    .where("card_id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
