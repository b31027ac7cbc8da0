import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer } from "../../tests/helpers/fixtures.ts";
import { readPublished, testPublishContext } from "../../tests/helpers/publish.ts";
import { schemaForPath } from "./file-schemas.ts";
import { LIST_PATHS } from "./paths.ts";
import { publicListsPublisher } from "./public-lists.ts";

/** /api/lists/public_lists.json (issue 18): public lists only, republished when one changes. */
describe("the public lists' file", () => {
  let t: TestDatabase;
  let context: Awaited<ReturnType<typeof testPublishContext>>;
  let userId: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    context = await testPublishContext(t.db);
    for (const username of ["alice", "bella", "gone"]) await insertPerformer(t.db, { username });
    const { rows } = await sql<{ id: string }>`
      INSERT INTO users (email, email_verified) VALUES ('ann@example.com', true) RETURNING id`.execute(t.db);
    userId = (rows[0] as { id: string }).id;
  });
  afterAll(async () => {
    await context?.remove();
    await t?.drop();
  });

  const addList = async (
    listId: string,
    name: string,
    isPublic: boolean,
    performers: string[],
    at: string,
  ) => {
    await sql`
      INSERT INTO lists (list_id, user_id, name, description, is_public, updated_at)
      VALUES (${listId}, ${userId}::uuid, ${name}, ${`About ${name}`}, ${isPublic}, ${at})`.execute(t.db);
    let n = 0;
    for (const username of performers)
      await sql`
        INSERT INTO list_performers (list_id, performer_id, added_at)
        SELECT ${listId}, performer_id, ${at}::timestamptz + ${n++} * interval '1 second'
        FROM performers WHERE username = ${username}`.execute(t.db);
  };
  const read = async () => {
    const file = await readPublished(context, LIST_PATHS.publicLists);
    expect(schemaForPath(LIST_PATHS.publicLists)?.safeParse(file).success).toBe(true);
    return file as { updatedAt: string | null; lists: { listId: string; performers: string[] }[] };
  };

  it("holds the public lists newest changed first, and follows every kind of change", async () => {
    const publish = publicListsPublisher(t.db, context.root);
    expect((await publish())?.changed).toBe(true);
    expect(await read()).toEqual({ updatedAt: null, lists: [] });

    await addList("AAAAAAAAAAAA", "Older", true, ["bella", "alice", "gone"], "2026-11-01T10:00:00Z");
    await addList("BBBBBBBBBBBB", "Newer", true, [], "2026-11-02T10:00:00Z");
    await addList("CCCCCCCCCCCC", "Private", false, ["alice"], "2026-11-03T10:00:00Z");
    await publish();
    expect(await read()).toEqual({
      updatedAt: "2026-11-02T10:00:00.000Z",
      lists: [
        {
          listId: "BBBBBBBBBBBB",
          name: "Newer",
          description: "About Newer",
          isPublic: true,
          performers: [],
          performerCount: 0,
          image: null,
          updatedAt: "2026-11-02T10:00:00.000Z",
        },
        expect.objectContaining({ listId: "AAAAAAAAAAAA", performers: ["bella", "alice", "gone"] }),
      ],
    });
    // Nothing changed: one read, no rebuild.
    expect(await publish()).toBeNull();

    // An opt-out, a list made private, a deletion: each republishes.
    await confirmOptout(t.db, "gone");
    await publish();
    expect((await read()).lists[1]?.performers).toEqual(["bella", "alice"]);
    await sql`UPDATE lists SET is_public = false WHERE list_id = 'BBBBBBBBBBBB'`.execute(t.db);
    await publish();
    expect((await read()).lists.map((l) => l.listId)).toEqual(["AAAAAAAAAAAA"]);
    await sql`DELETE FROM lists WHERE list_id = 'AAAAAAAAAAAA'`.execute(t.db);
    await publish();
    expect((await read()).lists).toEqual([]);
  });
});
