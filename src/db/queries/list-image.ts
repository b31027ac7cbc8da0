import type { Db } from "../connect.ts";

/**
 * Sets (or, with null, removes) an owned list's image: its public path under /images/lists.
 * Not-found for anyone else's list, as every list change (decision 0020).
 */
export async function setListImage(
  db: Db,
  userId: string,
  listId: string,
  image: string | null,
): Promise<"ok" | "not-found"> {
  const updated = await db
    .updateTable("lists")
    .set({ image, updated_at: new Date() })
    .where("list_id", "=", listId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n ? "ok" : "not-found";
}

/** Every image some list shows, for the cleanup of the files none does. */
export async function listImagePaths(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom("lists")
    .select("image")
    .distinct()
    .where("image", "is not", null)
    .execute();
  return new Set(rows.map((r) => r.image).filter((i) => i !== null));
}
