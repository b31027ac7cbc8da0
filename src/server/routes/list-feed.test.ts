import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { xml2js } from "xml-js";
import { testApp } from "../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { insertList, insertUser } from "../../../tests/helpers/list-alerts.ts";
import { loadConfig } from "../../config.ts";

/**
 * GET /lists/{id}/feed.atom (issue 18): a public list's go-live events of the last 7 days, newest
 * first, as Atom; a private or unknown list is a 404; opted-out performers never show.
 */

type Node = { _text?: string; _cdata?: string; _attributes?: Record<string, string> } & Record<
  string,
  unknown
>;
const text = (node: unknown) => (node as Node)._text ?? (node as Node)._cdata;
const many = (node: unknown) => (Array.isArray(node) ? node : node === undefined ? [] : [node]) as Node[];

describe("a public list's Atom feed", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let publicList: string;
  let privateList: string;
  const NOW = Date.parse("2026-11-25T12:00:00Z");

  beforeAll(async () => {
    t = await createTestDatabase();
    app = testApp(t.db, { config: loadConfig({ PUBLIC_URL: "https://camstats.test" }), now: () => NOW });
    const ids: Record<string, number> = {};
    for (const username of ["ann", "bea", "cleo", "gone"])
      ids[username] = await insertPerformer(t.db, { username });
    await confirmOptout(t.db, "gone");
    const owner = await insertUser(t.db, "owner@example.com");
    const performerIds = Object.values(ids);
    publicList = await insertList(t.db, owner, { name: "Tom & Jerry <3> ]]>", isPublic: true, performerIds });
    privateList = await insertList(t.db, owner, { name: "Mine", performerIds });
    // The feed's `updated` is its newest event's, or the list's last change when that is later.
    await t.db
      .updateTable("lists")
      .set({ updated_at: new Date("2026-11-01T00:00:00Z") })
      .execute();
    const event = (username: string, at: string) =>
      t.db
        .insertInto("go_live_events")
        .values({
          performer_id: ids[username] as number,
          went_live_at: new Date(at),
          poll_observed_at: new Date(at),
        })
        .execute();
    await event("ann", "2026-11-25T11:00:00Z");
    await event("bea", "2026-11-24T09:00:00Z");
    await event("ann", "2026-11-20T09:00:00Z");
    await event("gone", "2026-11-25T11:30:00Z");
    await event("cleo", "2026-11-18T11:59:00Z"); // more than 7 days ago
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  it("lists the go-live events of the last 7 days, newest first, opted-out performers left out", async () => {
    const response = await app.inject({ method: "GET", url: `/lists/${publicList}/feed.atom` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    const { feed } = xml2js(response.body, { compact: true }) as { feed: Node };
    expect(feed._attributes?.xmlns).toBe("http://www.w3.org/2005/Atom");
    // Escaped by the XML, and exactly the name after parsing.
    expect(response.body).toContain("<title>Tom &amp; Jerry &lt;3&gt; ]]&gt;</title>");
    expect(text(feed.title)).toBe("Tom & Jerry <3> ]]>");
    expect(text(feed.updated)).toBe("2026-11-25T11:00:00.000Z");
    expect(
      many(feed.entry).map((e) => [
        text(e.title),
        many(e.link)[0]?._attributes?.href,
        text(e.updated),
        text(e.id),
      ]),
    ).toEqual([
      [
        "ann is live",
        "https://camstats.test/ann",
        "2026-11-25T11:00:00.000Z",
        expect.stringMatching(new RegExp(`^tag:camstats\\.test,2026:lists/${publicList}/\\d+/\\d+$`)),
      ],
      ["bea is live", "https://camstats.test/bea", "2026-11-24T09:00:00.000Z", expect.any(String)],
      ["ann is live", "https://camstats.test/ann", "2026-11-20T09:00:00.000Z", expect.any(String)],
    ]);
    expect(response.body).not.toContain("gone");
    expect(response.body).not.toContain("cleo");
  });

  it("is a 404 for a private list, the same as for an unknown one", async () => {
    const hidden = await app.inject({ method: "GET", url: `/lists/${privateList}/feed.atom` });
    const unknown = await app.inject({ method: "GET", url: "/lists/Zzzzzzzzzzzz/feed.atom" });
    expect(hidden.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(hidden.json()).toEqual(unknown.json());
    expect(hidden.headers["cache-control"]).toBe("no-store");
    expect((await app.inject({ method: "GET", url: "/lists/x/feed.atom" })).statusCode).toBe(400);
  });
});
