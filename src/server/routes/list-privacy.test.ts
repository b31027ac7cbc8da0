import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { multipartForm, solidImage } from "../../../tests/helpers/images.ts";
import { LIST_NOT_FOUND } from "./lists.ts";

/**
 * Issue 18's promise, across every list call at once: one user can never read, change or
 * watch-enumerate another's private list. Each call made by another user (or nobody) with the
 * private list's id answers exactly what it answers for an id that does not exist, and random
 * sequences of calls by a stranger leave the owner's list as it was.
 */
describe("a private list is its owner's alone, through every call", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;
  let ann: { token: string };
  let bob: { token: string };
  let secret: string;
  let upload: { payload: Buffer; type: string };
  const UNKNOWN = "ZZZZZZZZZZZZ";

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db);
    for (const username of ["alice", "bella", "cleo"]) await insertPerformer(t.db, { username });
    await site.confirmedAccount("ann@example.com");
    await site.confirmedAccount("bob@example.com");
    ann = await site.signedIn("ann@example.com");
    bob = await site.signedIn("bob@example.com");
    const created = await site.post(
      "/v1/list_create",
      { name: "Secret", description: "mine" },
      { token: ann.token },
    );
    secret = (created.json() as { listId: string }).listId;
    upload = await multipartForm([
      { field: "image", data: await solidImage(40, 30, "png"), filename: "a.png", type: "image/png" },
    ]);
    for (const performerName of ["alice", "bella"])
      await site.post("/v1/list_add_performer", { listId: secret, performerName }, { token: ann.token });
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
  });

  /** Every call that names a list, as a function of the id and the caller's token (none: anonymous). */
  const CALLS: Record<string, (listId: string, token?: string) => Promise<LightMyRequestResponse>> = {
    "GET /v1/lists/{id}": (id, token) => site.get(`/v1/lists/${id}`, token),
    "GET /v1/list_summary": (id, token) => site.get(`/v1/list_summary?listId=${id}`, token),
    list_update_metadata: (listId, token) =>
      site.post("/v1/list_update_metadata", { listId, name: "Taken", isPublic: true }, { token }),
    list_add_performer: (listId, token) =>
      site.post("/v1/list_add_performer", { listId, performerName: "cleo" }, { token }),
    list_remove_performer: (listId, token) =>
      site.post("/v1/list_remove_performer", { listId, performerName: "alice" }, { token }),
    list_import_favorites: (listId, token) =>
      site.post("/v1/list_import_favorites", { listId, favorites: "cleo" }, { token }),
    list_watch: (listId, token) => site.post("/v1/list_watch", { listId, watch: true }, { token }),
    list_delete: (listId, token) => site.post("/v1/list_delete", { listId }, { token }),
    list_alerts: (listId, token) => site.post("/v1/list_alerts", { listId, alerts: "each" }, { token }),
    "GET /lists/{id}/feed.atom": (id, token) => site.get(`/lists/${id}/feed.atom`, token),
    "POST /v1/list_image/{id}": (id, token) =>
      site.app.inject({
        method: "POST",
        url: `/v1/list_image/${id}`,
        payload: upload.payload,
        headers: {
          "content-type": upload.type,
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
      }),
    "DELETE /v1/list_image/{id}": (id, token) =>
      site.app.inject({
        method: "DELETE",
        url: `/v1/list_image/${id}`,
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      }),
  };

  /** The owner's list as stored: its row, its performers and its watchers. */
  const stored = async () =>
    (
      await sql`
        SELECT l.name, l.description, l.is_public, l.image, l.updated_at,
          (SELECT array_agg(performer_id ORDER BY performer_id) FROM list_performers WHERE list_id = l.list_id) AS performers,
          (SELECT array_agg(user_id ORDER BY user_id) FROM list_watches WHERE list_id = l.list_id) AS watchers
        FROM lists l WHERE l.list_id = ${secret}`.execute(t.db)
    ).rows;

  it("answers a stranger and an anonymous caller exactly as for an unknown id", async () => {
    const before = await stored();
    for (const [name, call] of Object.entries(CALLS)) {
      for (const [who, token] of [
        ["another user", bob.token],
        ["anonymous", undefined],
      ] as const) {
        const response = await call(secret, token);
        const control = await call(UNKNOWN, token);
        expect(response.statusCode, `${name} by ${who}`).toBe(control.statusCode);
        expect(response.body, `${name} by ${who}`).toBe(control.body);
        expect([401, 404], `${name} by ${who}`).toContain(response.statusCode);
        if (response.statusCode === 404) expect(response.json().error.message).toBe(LIST_NOT_FOUND);
      }
    }
    expect(await stored()).toEqual(before);
    const info = (await site.get("/v1/user_info", bob.token)).json();
    expect(JSON.stringify(info)).not.toContain(secret);
    const alerts = await site.get("/v1/list_alerts", bob.token);
    expect(alerts.statusCode).toBe(200);
    expect(alerts.body).not.toContain(secret);
  });

  it("says its readable answers vary with who asks, and never lets a cache share the owner's", async () => {
    const shown = await site.post("/v1/list_create", { name: "Shown", isPublic: true }, { token: ann.token });
    const open = (shown.json() as { listId: string }).listId;
    const reads = [
      (id: string, token?: string) => site.get(`/v1/lists/${id}`, token),
      (id: string, token?: string) => site.get(`/v1/list_summary?listId=${id}`, token),
    ];
    const varies = (response: LightMyRequestResponse) =>
      String(response.headers.vary ?? "")
        .split(",")
        .map((name) => name.trim().toLowerCase());
    for (const [index, read] of reads.entries()) {
      for (const [who, token] of [
        ["the owner", ann.token],
        ["another user", bob.token],
        ["anonymous", undefined],
      ] as const) {
        for (const id of [secret, open, UNKNOWN]) {
          const response = await read(id, token);
          const label = `read ${index} of ${id} by ${who}: ${response.statusCode}`;
          // Anonymous or not, the answer depends on the Authorization header, and says so.
          expect(varies(response), label).toContain("authorization");
          const cache = String(response.headers["cache-control"]);
          if (who === "the owner" || id === secret) expect(cache, label).not.toContain("public");
        }
      }
      const mine = await read(secret, ann.token);
      expect([mine.statusCode, mine.headers["cache-control"]]).toEqual([200, "private, no-store"]);
      const anonymous = await read(open);
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.headers["cache-control"]).toMatch(/^public, max-age=(60|30)$/);
    }
    await site.post("/v1/list_delete", { listId: open }, { token: ann.token });
  });

  it("stays as it was through random sequences of a stranger's calls", async () => {
    const before = await stored();
    const names = Object.keys(CALLS);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(fc.constantFrom(...names), fc.constantFrom(secret, UNKNOWN, secret.toLowerCase())),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        async (steps) => {
          for (const [name, id] of steps) {
            const response = await (CALLS[name] as (typeof CALLS)[string])(id, bob.token);
            expect(response.statusCode, `${name} ${id}`).toBeLessThan(500);
            expect(response.statusCode, `${name} ${id}`).not.toBe(200);
          }
        },
      ),
      { numRuns: 25 },
    );
    expect(await stored()).toEqual(before);
    // And the owner still has it whole.
    const own = (await site.get(`/v1/list_summary?listId=${secret}`, ann.token)).json();
    expect(own.list).toMatchObject({ name: "Secret", description: "mine", performers: ["alice", "bella"] });
  });
});
