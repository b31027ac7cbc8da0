import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertLivePoll, insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { NOT_A_PERFORMER, NOT_PLAYING } from "./room-player.ts";

/** GET /v1/chatvideo_context and /v1/playback_url/{id} (SPEC §7): signed in, from the latest poll. */

const POLL = "2026-11-21T12:00:00.000Z";
const NOW = Date.parse(POLL) + 60_000;
const PLATFORM = {
  feed: { baseUrl: "http://127.0.0.1:9", campaign: "camp1", clientIp: "request_ip" },
  site: "https://platform.example",
  imageOrigin: null,
  embedOrigin: "https://player.example",
};

describe("the room player calls", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;
  let token: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db, { now: () => NOW, platform: PLATFORM });
    const ann = await insertPerformer(t.db, { username: "ann" });
    const bea = await insertPerformer(t.db, { username: "bea" });
    await insertPerformer(t.db, { username: "cat" });
    const gone = await insertPerformer(t.db, { username: "gone" });
    await insertLivePoll(t.db, POLL, [
      { performerId: ann, viewers: 120 },
      { performerId: bea, viewers: 40 },
      { performerId: gone, viewers: 9 },
    ]);
    // bea is in a private show.
    await sql`UPDATE snapshots SET show = 2 WHERE performer_id = ${bea}`.execute(t.db);
    await confirmOptout(t.db, "gone");
    await site.confirmedAccount("fan@example.com");
    token = (await site.signedIn("fan@example.com")).token;
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
  });

  it("need a signed-in caller", async () => {
    expect((await site.get("/v1/chatvideo_context?performer=ann")).statusCode).toBe(401);
    expect((await site.get("/v1/playback_url/ann")).statusCode).toBe(401);
  });

  it("give a room's state, with the player only for a public show", async () => {
    const ann = await site.get("/v1/chatvideo_context?performer=Ann", token);
    expect(ann.statusCode).toBe(200);
    expect(ann.json()).toEqual({
      performer: "ann",
      live: true,
      show: "Public",
      viewers: 120,
      playerUrl: "https://player.example/embed/ann/?tour=LQps&campaign=camp1&track=embed&room=ann",
    });
    expect((await site.get("/v1/chatvideo_context?performer=bea", token)).json()).toMatchObject({
      live: true,
      show: "Private show",
      playerUrl: null,
    });
    expect((await site.get("/v1/chatvideo_context?performer=cat", token)).json()).toEqual({
      performer: "cat",
      live: false,
      show: null,
      viewers: null,
      playerUrl: null,
    });
    const url = await site.get("/v1/playback_url/ann", token);
    expect(url.json()).toEqual({ performer: "ann", url: ann.json().playerUrl });
    const away = await site.get("/v1/playback_url/bea", token);
    expect(away.statusCode).toBe(404);
    expect(away.json().error.message).toBe(NOT_PLAYING);
  });

  it("answer an opted-out performer as one never seen, and refuse what is no username", async () => {
    for (const name of ["gone", "nobody"]) {
      const response = await site.get(`/v1/chatvideo_context?performer=${name}`, token);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(NOT_A_PERFORMER);
    }
    expect((await site.get("/v1/chatvideo_context", token)).statusCode).toBe(400);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (name) => {
        const a = await site.get(`/v1/chatvideo_context?performer=${encodeURIComponent(name)}`, token);
        const b = await site.get(`/v1/playback_url/${encodeURIComponent(name) || "x"}`, token);
        expect([200, 400, 404]).toContain(a.statusCode);
        expect([200, 400, 404]).toContain(b.statusCode);
      }),
      { numRuns: 40 },
    );
  });
});
