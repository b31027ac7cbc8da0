import { sql } from "kysely";
import type { Db } from "../connect.ts";
import { lockOwnedList } from "./lists.ts";

/** The known performers among `names` (lowercase usernames), opted-out ones left out: username → id. */
export async function knownPerformerIds(db: Db, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const { rows } = await sql<{ username: string; performerId: number }>`
    SELECT p.username, p.performer_id AS "performerId" FROM performers p
    WHERE p.username = ANY(${names as string[]}::text[])
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)`.execute(
    db,
  );
  return new Map(rows.map((r) => [r.username, Number(r.performerId)]));
}

export type ImportChange =
  | { outcome: "not-found" }
  | { outcome: "limit"; present: number }
  | { outcome: "ok"; alreadyInList: number[]; added: number[] };

/**
 * Adds the performers to an owned list in one transaction under the list's lock: all of them, or
 * none when the list would hold more than `maxPerformers` ("limit", with how many it holds). Those
 * already on it are reported, not added twice; a dry run decides the same and writes nothing. A
 * real import watches the list, as adding one performer does (SPEC §4).
 */
export async function importListPerformers(
  db: Db,
  userId: string,
  listId: string,
  performerIds: readonly number[],
  { maxPerformers, dryRun }: { maxPerformers: number; dryRun: boolean },
): Promise<ImportChange> {
  return db.transaction().execute(async (tx) => {
    if (!(await lockOwnedList(tx, userId, listId))) return { outcome: "not-found" } as const;
    const present = await tx
      .selectFrom("list_performers")
      .select("performer_id")
      .where("list_id", "=", listId)
      .execute();
    const onList = new Set(present.map((r) => Number(r.performer_id)));
    const alreadyInList = performerIds.filter((id) => onList.has(id));
    const added = performerIds.filter((id) => !onList.has(id));
    if (onList.size + added.length > maxPerformers)
      return { outcome: "limit", present: onList.size } as const;
    if (!dryRun && added.length > 0) {
      // added_at one microsecond apart keeps the list's order the import's order.
      await sql`
        INSERT INTO list_performers (list_id, performer_id, added_at)
        SELECT ${listId}, t.id, now() + (t.n * interval '1 microsecond')
        FROM unnest(${added}::bigint[]) WITH ORDINALITY AS t(id, n)`.execute(tx);
      await tx.updateTable("lists").set({ updated_at: new Date() }).where("list_id", "=", listId).execute();
    }
    if (!dryRun)
      await tx
        .insertInto("list_watches")
        .values({ user_id: userId, list_id: listId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    return { outcome: "ok", alreadyInList, added } as const;
  });
}
