import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { MAX_PERFORMERS_PER_LIST } from "../../lists/list-rules.ts";
import { IMPORT_OVER_LIMIT, NO_NAMES, TOO_MANY_NAMES } from "./list-import.ts";
import { LIST_NOT_FOUND } from "./lists.ts";

/** POST /v1/list_import_favorites (issue 18): preview, then all or nothing. */
describe("POST /v1/list_import_favorites", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;
  let ann: { token: string };
  let bob: { token: string };
  const known = Array.from({ length: 27 }, (_, i) => `model_${String(i).padStart(2, "0")}`);

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db);
    for (const username of [...known, "gone"]) await insertPerformer(t.db, { username });
    await confirmOptout(t.db, "gone");
    await site.confirmedAccount("ann@example.com");
    await site.confirmedAccount("bob@example.com");
    ann = await site.signedIn("ann@example.com");
    bob = await site.signedIn("bob@example.com");
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
  });

  const newList = async (token: string) =>
    ((await site.post("/v1/list_create", { name: "Imported" }, { token })).json() as { listId: string })
      .listId;
  const importInto = (listId: string, favorites: string, dryRun: boolean, token = ann.token) =>
    site.post("/v1/list_import_favorites", { listId, favorites, dryRun }, { token });

  it("previews 30 names with 3 unknown, then imports them in the order given", async () => {
    const listId = await newList(ann.token);
    await site.post("/v1/list_add_performer", { listId, performerName: "model_05" }, { token: ann.token });
    // The favourites export: room addresses one per line, with a repeat and three unknown names.
    const text = [
      ...known.map((name) => `https://platform.example/${name}/`),
      "nobody_one",
      "nobody_two",
      "MODEL_03",
      "gone",
    ].join("\n");
    const preview = await importInto(listId, text, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      found: known,
      unknown: ["nobody_one", "nobody_two", "gone"],
      duplicates: ["model_03"],
      alreadyInList: ["model_05"],
      added: [],
    });
    expect(preview.json().list.performers).toEqual(["model_05"]);

    const saved = await importInto(listId, text, false);
    expect(saved.statusCode).toBe(200);
    const body = saved.json();
    expect(body.added).toEqual(known.filter((name) => name !== "model_05"));
    expect(body.list.performers).toEqual(["model_05", ...known.filter((name) => name !== "model_05")]);
    // Importing the same again adds nothing.
    expect((await importInto(listId, text, false)).json().added).toEqual([]);
  });

  it("adds nothing when the import would take the list over its limit", async () => {
    const listId = await newList(ann.token);
    const { rows } = await sql<{ id: number }>`
      INSERT INTO performers (username, first_seen, last_seen)
      SELECT 'filler_' || n, now(), now() FROM generate_series(1, ${MAX_PERFORMERS_PER_LIST - 1}) AS n
      RETURNING performer_id AS id`.execute(t.db);
    await sql`
      INSERT INTO list_performers (list_id, performer_id)
      SELECT ${listId}, unnest(${rows.map((r) => r.id)}::bigint[])`.execute(t.db);
    const over = await importInto(listId, "model_00 model_01", false);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(IMPORT_OVER_LIMIT(MAX_PERFORMERS_PER_LIST - 1, 2));
    const count = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM list_performers WHERE list_id = ${listId}`.execute(t.db);
    expect(Number(count.rows[0]?.n)).toBe(MAX_PERFORMERS_PER_LIST - 1);
    // One more fits exactly.
    expect((await importInto(listId, "model_00", false)).json().added).toEqual(["model_00"]);
  });

  it("refuses empty text, too many names, and another's list (404, nothing written)", async () => {
    const listId = await newList(ann.token);
    const empty = await importInto(listId, " \n ", true);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(NO_NAMES);
    const many = Array.from({ length: 5001 }, (_, i) => `n${i}`).join(" ");
    expect((await importInto(listId, many, true)).json().error.message).toBe(TOO_MANY_NAMES);
    const theirs = await importInto(listId, "model_00", false, bob.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe(LIST_NOT_FOUND);
    const unsigned = await site.post("/v1/list_import_favorites", { listId, favorites: "model_00" });
    expect(unsigned.statusCode).toBe(401);
    const list = (await site.get(`/v1/lists/${listId}`, ann.token)).json();
    expect(list.performers).toEqual([]);
  });
});
