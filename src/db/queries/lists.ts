import { sql, type Transaction } from "kysely";
import type { Db } from "../connect.ts";
import type { Database } from "../schema.ts";

/** SPEC §3 List, as the API sends it: performers by username, in the order they were added. */
export interface ListView {
  listId: string;
  name: string;
  description: string;
  isPublic: boolean;
  performers: string[];
  image: string | null;
}

/** A list with its owner, for the calls' authorize step. */
export interface ListRow extends ListView {
  userId: string;
}

/**
 * Lists with their performers, opted-out performers left out (decision 0020). One statement for
 * any number of lists, in the order of `ids`' rows (newest changed first).
 */
async function listsWhere(db: Db, where: ReturnType<typeof sql>): Promise<ListRow[]> {
  const { rows } = await sql<ListRow>`
    SELECT l.list_id AS "listId", l.user_id AS "userId", l.name, l.description, l.is_public AS "isPublic",
      l.image,
      COALESCE(
        (SELECT array_agg(p.username ORDER BY lp.added_at, p.username)
         FROM list_performers lp JOIN performers p USING (performer_id)
         WHERE lp.list_id = l.list_id
           AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)),
        '{}') AS performers
    FROM lists l
    WHERE ${where}
    ORDER BY l.updated_at DESC, l.list_id`.execute(db);
  return rows;
}

export async function listById(db: Db, listId: string): Promise<ListRow | undefined> {
  return (await listsWhere(db, sql`l.list_id = ${listId}`))[0];
}

export const ownedLists = (db: Db, userId: string) => listsWhere(db, sql`l.user_id = ${userId}::uuid`);

/** The lists a user watches that they may still see (their own, or public ones). */
export const watchedLists = (db: Db, userId: string) =>
  listsWhere(
    db,
    sql`l.list_id IN (SELECT w.list_id FROM list_watches w WHERE w.user_id = ${userId}::uuid)
      AND (l.is_public OR l.user_id = ${userId}::uuid)`,
  );

export type ListChange = "ok" | "not-found" | "limit";

/** The list without its owner, as the API sends it. */
export const listView = ({ userId: _owner, ...list }: ListRow): ListView => list;

/** Locks an owned list's row for the transaction (its changes and counts wait on it); false when it is not the user's. */
export async function lockOwnedList(
  tx: Transaction<Database>,
  userId: string,
  listId: string,
): Promise<boolean> {
  const list = await tx
    .selectFrom("lists")
    .select("list_id")
    .where("list_id", "=", listId)
    .where("user_id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  return list !== undefined;
}

/**
 * Creates a list unless the user has `maxLists` already; the count and the insert run under a
 * lock on the user's row, so two concurrent creations cannot pass the limit together.
 */
export async function createList(
  db: Db,
  userId: string,
  list: { listId: string; name: string; description: string; isPublic: boolean },
  maxLists: number,
): Promise<ListChange> {
  return db.transaction().execute(async (tx) => {
    const user = await tx
      .selectFrom("users")
      .select("id")
      .where("id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
    if (user === undefined) return "not-found";
    const { count } = await tx
      .selectFrom("lists")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= maxLists) return "limit";
    await tx
      .insertInto("lists")
      .values({
        list_id: list.listId,
        user_id: userId,
        name: list.name,
        description: list.description,
        is_public: list.isPublic,
      })
      .execute();
    return "ok";
  });
}

/** Changes an owned list's name, description and visibility; not-found for anyone else's. */
export async function updateListMetadata(
  db: Db,
  userId: string,
  list: { listId: string; name: string; description: string; isPublic: boolean },
): Promise<ListChange> {
  const updated = await db
    .updateTable("lists")
    .set({ name: list.name, description: list.description, is_public: list.isPublic, updated_at: new Date() })
    .where("list_id", "=", list.listId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n ? "ok" : "not-found";
}

export async function deleteList(db: Db, userId: string, listId: string): Promise<ListChange> {
  const deleted = await db
    .deleteFrom("lists")
    .where("list_id", "=", listId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n ? "ok" : "not-found";
}

/**
 * Adds a performer to an owned list unless it holds `maxPerformers` already (counted under a lock
 * on the list's row), and watches the list (SPEC §4). Adding one already there changes nothing.
 */
export async function addListPerformer(
  db: Db,
  userId: string,
  listId: string,
  performerId: number,
  maxPerformers: number,
): Promise<ListChange> {
  return db.transaction().execute(async (tx) => {
    if (!(await lockOwnedList(tx, userId, listId))) return "not-found";
    const present = await tx
      .selectFrom("list_performers")
      .select("performer_id")
      .where("list_id", "=", listId)
      .where("performer_id", "=", performerId)
      .executeTakeFirst();
    if (present === undefined) {
      const { count } = await tx
        .selectFrom("list_performers")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .where("list_id", "=", listId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= maxPerformers) return "limit";
      await tx.insertInto("list_performers").values({ list_id: listId, performer_id: performerId }).execute();
      await tx.updateTable("lists").set({ updated_at: new Date() }).where("list_id", "=", listId).execute();
    }
    await tx
      .insertInto("list_watches")
      .values({ user_id: userId, list_id: listId })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return "ok";
  });
}

export async function removeListPerformer(
  db: Db,
  userId: string,
  listId: string,
  performerId: number,
): Promise<ListChange> {
  return db.transaction().execute(async (tx) => {
    if (!(await lockOwnedList(tx, userId, listId))) return "not-found";
    const removed = await tx
      .deleteFrom("list_performers")
      .where("list_id", "=", listId)
      .where("performer_id", "=", performerId)
      .executeTakeFirst();
    if (removed.numDeletedRows > 0n)
      await tx.updateTable("lists").set({ updated_at: new Date() }).where("list_id", "=", listId).execute();
    return "ok";
  });
}

/** Watches or unwatches a list the user may see (their own or a public one); not-found otherwise. */
export async function setListWatch(
  db: Db,
  userId: string,
  listId: string,
  watch: boolean,
): Promise<ListChange> {
  if (!watch) {
    await db.deleteFrom("list_watches").where("user_id", "=", userId).where("list_id", "=", listId).execute();
    return "ok";
  }
  const { rows } = await sql<{ list_id: string }>`
    INSERT INTO list_watches (user_id, list_id)
    SELECT ${userId}::uuid, l.list_id FROM lists l
    WHERE l.list_id = ${listId} AND (l.is_public OR l.user_id = ${userId}::uuid)
    ON CONFLICT DO NOTHING
    RETURNING list_id`.execute(db);
  if (rows.length > 0) return "ok";
  const visible = await sql<{ ok: boolean }>`
    SELECT EXISTS (SELECT 1 FROM lists l WHERE l.list_id = ${listId} AND (l.is_public OR l.user_id = ${userId}::uuid)) AS ok`.execute(
    db,
  );
  return visible.rows[0]?.ok ? "ok" : "not-found";
}
