import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { MAX_LISTS_PER_USER } from "../../lists/list-rules.ts";
import { LONE_SURROGATE_REFUSED } from "../api/api-error.ts";
import { LIST_NOT_FOUND, TOO_MANY_LISTS } from "./lists.ts";

/**
 * Model lists' calls (issue 18, decision 0020): create, change, fill, watch and delete a list; a
 * private list is its owner's alone (404 to anyone else, as an unknown one); the limits; an
 * opted-out performer never shows; user_info's lists; hostile input.
 */
describe("model lists: the /v1 calls", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;
  let ann: { token: string };
  let bob: { token: string };

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db);
    const at = new Date("2026-11-20T20:00:00Z");
    for (const username of ["alice", "bella", "cleo", "gone"])
      await insertPerformer(t.db, { username, lastSeen: at.toISOString() });
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

  const call = (path: string, body: unknown, token?: string) =>
    site.post(path, body, token === undefined ? {} : { token });
  const create = async (token: string, body: object) => {
    const response = await call("/v1/list_create", body, token);
    expect(response.statusCode).toBe(201);
    return response.json() as { listId: string };
  };

  it("creates a list, fills it, renames it, and shows it to its owner", async () => {
    const created = await call(
      "/v1/list_create",
      { name: "  Favourites\n", description: "My <b>top</b> picks" },
      ann.token,
    );
    expect(created.statusCode).toBe(201);
    expect(created.headers["cache-control"]).toBe("private, no-store");
    const list = created.json();
    expect(list).toEqual({
      listId: expect.stringMatching(/^[0-9A-Za-z]{12}$/),
      name: "Favourites",
      description: "My <b>top</b> picks",
      isPublic: false,
      performers: [],
      image: null,
    });
    const add = (performerName: string) =>
      call("/v1/list_add_performer", { listId: list.listId, performerName }, ann.token);
    expect((await add("Bella")).json().performers).toEqual(["bella"]);
    expect((await add("alice")).json().performers).toEqual(["bella", "alice"]);
    expect((await add("alice")).json().performers).toEqual(["bella", "alice"]);
    const unknown = await add("nobody_here");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("unknown_performer");
    // An opted-out performer cannot be added (to us, they are not there).
    expect((await add("gone")).statusCode).toBe(404);
    const removed = await call(
      "/v1/list_remove_performer",
      { listId: list.listId, performerName: "bella" },
      ann.token,
    );
    expect(removed.json().performers).toEqual(["alice"]);
    const renamed = await call(
      "/v1/list_update_metadata",
      { listId: list.listId, name: "Best", description: "", isPublic: true },
      ann.token,
    );
    expect(renamed.json()).toMatchObject({
      name: "Best",
      description: "",
      isPublic: true,
      performers: ["alice"],
    });

    const mine = await site.get("/v1/owned_lists", ann.token);
    expect(mine.json().map((l: { listId: string }) => l.listId)).toContain(list.listId);
    const info = (await site.get("/v1/user_info", ann.token)).json();
    // Adding a performer to one's own list also watches it (SPEC §4).
    expect(info.userInfo.watchedLists).toContain(list.listId);
    expect(info.ownedLists.map((l: { listId: string }) => l.listId)).toContain(list.listId);
  });

  it("keeps a private list its owner's alone: 404 to anyone else, exactly as an unknown id", async () => {
    const secret = await create(ann.token, { name: "Secret" });
    await call("/v1/list_add_performer", { listId: secret.listId, performerName: "cleo" }, ann.token);
    const unknownId = "ZZZZZZZZZZZZ";
    const asOwner = await site.get(`/v1/lists/${secret.listId}`, ann.token);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json().performers).toEqual(["cleo"]);

    for (const [label, response, control] of [
      [
        "anonymous read",
        await site.get(`/v1/lists/${secret.listId}`),
        await site.get(`/v1/lists/${unknownId}`),
      ],
      [
        "another's read",
        await site.get(`/v1/lists/${secret.listId}`, bob.token),
        await site.get(`/v1/lists/${unknownId}`, bob.token),
      ],
      [
        "another's change",
        await call(
          "/v1/list_update_metadata",
          { listId: secret.listId, name: "x", isPublic: true },
          bob.token,
        ),
        await call("/v1/list_update_metadata", { listId: unknownId, name: "x", isPublic: true }, bob.token),
      ],
      [
        "another's add",
        await call("/v1/list_add_performer", { listId: secret.listId, performerName: "alice" }, bob.token),
        await call("/v1/list_add_performer", { listId: unknownId, performerName: "alice" }, bob.token),
      ],
      [
        "another's watch",
        await call("/v1/list_watch", { listId: secret.listId, watch: true }, bob.token),
        await call("/v1/list_watch", { listId: unknownId, watch: true }, bob.token),
      ],
      [
        "another's delete",
        await call("/v1/list_delete", { listId: secret.listId }, bob.token),
        await call("/v1/list_delete", { listId: unknownId }, bob.token),
      ],
    ] as const) {
      expect(response.statusCode, label).toBe(404);
      expect(response.body, label).toBe(control.body);
      expect(response.json().error.message).toBe(LIST_NOT_FOUND);
    }
    // Nothing changed.
    expect((await site.get(`/v1/lists/${secret.listId}`, ann.token)).json()).toMatchObject({
      name: "Secret",
      isPublic: false,
      performers: ["cleo"],
    });
    expect((await site.get("/v1/user_info", bob.token)).json().userInfo.watchedLists).not.toContain(
      secret.listId,
    );
  });

  it("shows a public list to anyone; another user may watch it, and stops seeing it when it turns private", async () => {
    const open = await create(ann.token, { name: "Open", isPublic: true });
    await call("/v1/list_add_performer", { listId: open.listId, performerName: "alice" }, ann.token);
    const anonymous = await site.get(`/v1/lists/${open.listId}`);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers["cache-control"]).toBe("public, max-age=60");
    expect(anonymous.json()).toMatchObject({ name: "Open", performers: ["alice"] });

    expect((await call("/v1/list_watch", { listId: open.listId, watch: true }, bob.token)).json()).toEqual({
      listId: open.listId,
      watching: true,
    });
    let info = (await site.get("/v1/user_info", bob.token)).json();
    expect(info.userInfo.watchedLists).toContain(open.listId);
    expect(info.allLists.map((l: { listId: string }) => l.listId)).toContain(open.listId);
    expect(info.ownedLists.map((l: { listId: string }) => l.listId)).not.toContain(open.listId);

    await call("/v1/list_update_metadata", { listId: open.listId, name: "Open", isPublic: false }, ann.token);
    info = (await site.get("/v1/user_info", bob.token)).json();
    expect(info.userInfo.watchedLists).not.toContain(open.listId);
    expect((await site.get(`/v1/lists/${open.listId}`)).statusCode).toBe(404);
  });

  it("never shows an opted-out performer, even one added before the opt-out", async () => {
    await insertPerformer(t.db, { username: "later_gone", lastSeen: "2026-11-20T20:00:00Z" });
    const list = await create(ann.token, { name: "Mixed", isPublic: true });
    for (const performerName of ["later_gone", "cleo"])
      await call("/v1/list_add_performer", { listId: list.listId, performerName }, ann.token);
    await confirmOptout(t.db, "later_gone");
    expect((await site.get(`/v1/lists/${list.listId}`)).json().performers).toEqual(["cleo"]);
  });

  it("deletes a list with its performers and watches", async () => {
    const list = await create(ann.token, { name: "Short-lived", isPublic: true });
    await call("/v1/list_add_performer", { listId: list.listId, performerName: "alice" }, ann.token);
    await call("/v1/list_watch", { listId: list.listId, watch: true }, bob.token);
    expect((await call("/v1/list_delete", { listId: list.listId }, ann.token)).statusCode).toBe(204);
    expect((await site.get(`/v1/lists/${list.listId}`, ann.token)).statusCode).toBe(404);
    const { rows } = await t.pool.query(
      "SELECT (SELECT count(*) FROM list_performers WHERE list_id = $1) + (SELECT count(*) FROM list_watches WHERE list_id = $1) AS n",
      [list.listId],
    );
    expect(Number(rows[0].n)).toBe(0);
  });

  it(`holds at most ${MAX_LISTS_PER_USER} lists a user, even when asked at once`, async () => {
    await site.confirmedAccount("cat@example.com");
    const cat = await site.signedIn("cat@example.com");
    const answers = await Promise.all(
      Array.from({ length: MAX_LISTS_PER_USER + 5 }, (_, i) =>
        call("/v1/list_create", { name: `List ${i}` }, cat.token),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(MAX_LISTS_PER_USER);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.json().error.message).toBe(TOO_MANY_LISTS);
    expect((await site.get("/v1/owned_lists", cat.token)).json()).toHaveLength(MAX_LISTS_PER_USER);
  });

  it("creates a list from any payload only when it is valid, storing plain text within the limits", async () => {
    await site.confirmedAccount("cara@example.com");
    const cara = await site.signedIn("cara@example.com");
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            {
              name: fc.oneof(fc.string({ maxLength: 100 }), fc.string({ unit: "grapheme", maxLength: 90 })),
              description: fc.oneof(fc.string({ maxLength: 600 }), fc.constant(null)),
              isPublic: fc.oneof(fc.boolean(), fc.anything()),
            },
            { requiredKeys: [] },
          ),
        ),
        async (payload) => {
          const response = await site.app.inject({
            method: "POST",
            url: "/v1/list_create",
            payload: JSON.stringify(payload),
            headers: { "content-type": "application/json", authorization: `Bearer ${cara.token}` },
          });
          const label = JSON.stringify(payload);
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode !== 201) {
            expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
            return;
          }
          const list = response.json() as { listId: string; name: string; description: string };
          expect([...list.name].length).toBeGreaterThanOrEqual(1);
          expect(list.name.length).toBeLessThanOrEqual(80);
          expect(list.description.length).toBeLessThanOrEqual(500);
          expect(`${list.name}${list.description}`).not.toMatch(/\p{Cc}/u);
          // Deleted again, so that a long run stays under the 100 lists.
          await call("/v1/list_delete", { listId: list.listId }, cara.token);
        },
      ),
      { numRuns: 120 },
    );
    expect((await site.get("/v1/owned_lists", cara.token)).json()).toEqual([]);
  });

  it("refuses a lone UTF-16 surrogate in a name or description instead of storing it changed", async () => {
    const before = (await site.get("/v1/owned_lists", bob.token)).json();
    const kept = await create(bob.token, { name: "Kept" });
    const cases: Array<[string, object, string]> = [
      ["/v1/list_create", { name: "Bad \ud800 name" }, "name"],
      ["/v1/list_create", { name: "Fine", description: "end \udfff" }, "description"],
      ["/v1/list_update_metadata", { listId: kept.listId, name: "x\ud83d", isPublic: true }, "name"],
    ];
    for (const [path, body, parameter] of cases) {
      const response = await call(path, body, bob.token);
      expect([response.statusCode, response.json()], JSON.stringify(body)).toEqual([
        400,
        {
          error: {
            status: 400,
            code: "invalid_parameter",
            parameter,
            message: `${parameter}: ${LONE_SURROGATE_REFUSED}`,
          },
        },
      ]);
    }
    // An emoji (a surrogate pair) is text like any other.
    expect(
      (
        await call(
          "/v1/list_update_metadata",
          { listId: kept.listId, name: "Kept 😀", isPublic: false },
          bob.token,
        )
      ).json().name,
    ).toBe("Kept 😀");
    await call("/v1/list_delete", { listId: kept.listId }, bob.token);
    expect((await site.get("/v1/owned_lists", bob.token)).json()).toEqual(before);
  });

  it("answers without a token 401, and hostile input a 4xx, never a 500, changing nothing", async () => {
    expect((await call("/v1/list_create", { name: "x" })).statusCode).toBe(401);
    expect((await site.get("/v1/owned_lists")).statusCode).toBe(401);
    const before = (await site.get("/v1/owned_lists", bob.token)).json();
    const paths = [
      "/v1/list_create",
      "/v1/list_update_metadata",
      "/v1/list_add_performer",
      "/v1/list_remove_performer",
      "/v1/list_delete",
      "/v1/list_watch",
      "/v1/list_import_favorites",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths.slice(1)),
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            {
              listId: fc.string(),
              name: fc.string(),
              description: fc.string(),
              isPublic: fc.anything(),
              performerName: fc.string(),
              watch: fc.anything(),
              favorites: fc.oneof(fc.string(), fc.string({ unit: "grapheme", maxLength: 200 })),
              dryRun: fc.anything(),
            },
            { requiredKeys: [] },
          ),
        ),
        async (path, payload) => {
          const response = await site.app.inject({
            method: "POST",
            url: path,
            payload: JSON.stringify(payload),
            headers: { "content-type": "application/json", authorization: `Bearer ${bob.token}` },
          });
          expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
    expect((await site.get("/v1/owned_lists", bob.token)).json()).toEqual(before);
    const odd = await site.get("/v1/lists/..%2F..%2Fetc");
    expect(odd.statusCode).toBe(400);
    await fc.assert(
      fc.asyncProperty(fc.string(), async (listId) => {
        const response = await site.get(`/v1/list_summary?listId=${encodeURIComponent(listId)}`, bob.token);
        expect([400, 404]).toContain(response.statusCode);
      }),
      { numRuns: 50 },
    );
  });
});
