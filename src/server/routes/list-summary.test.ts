import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import {
  confirmOptout,
  insertLivePoll,
  insertPerformer,
  insertPerformerDay,
} from "../../../tests/helpers/fixtures.ts";
import { addDays, dayOfInstant } from "../../rules/calendar.ts";
import { LIST_NOT_FOUND } from "./lists.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * GET /v1/list_summary (issue 18): a list's performers with live state and figures, live first
 * then by viewers; public lists to anyone, private ones to their owner only.
 */
describe("GET /v1/list_summary", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;
  let ann: { token: string };
  let bob: { token: string };
  let publicId: string;
  let privateId: string;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db);
    const pollAt = now - 2 * MINUTE;
    // live in the poll (low and high viewers), seen 2 days ago, never counted, opted out.
    const low = await insertPerformer(t.db, { username: "low", followers: 900, lastSeen: iso(pollAt) });
    const high = await insertPerformer(t.db, { username: "high", followers: 100, lastSeen: iso(pollAt) });
    const past = await insertPerformer(t.db, {
      username: "past",
      followers: 5000,
      displayName: "Past One",
      age: 24,
      country: "NL",
      lastSeen: iso(now - 2 * DAY - MINUTE),
    });
    await insertPerformer(t.db, { username: "quiet", followers: null, lastSeen: iso(now - 30 * DAY) });
    const gone = await insertPerformer(t.db, { username: "gone", lastSeen: iso(pollAt) });
    await insertLivePoll(t.db, iso(pollAt), [
      { performerId: low, viewers: 10 },
      { performerId: high, viewers: 300 },
      { performerId: gone, viewers: 50 },
    ]);
    const today = dayOfInstant(now);
    // The week's gain: today and six days back count, the eighth day back does not.
    await insertPerformerDay(t.db, { performerId: past, day: today, followerGain: 7 });
    await insertPerformerDay(t.db, { performerId: past, day: addDays(today, -6), followerGain: 5 });
    await insertPerformerDay(t.db, { performerId: past, day: addDays(today, -7), followerGain: 1000 });
    await confirmOptout(t.db, "gone");
    await site.confirmedAccount("ann@example.com");
    await site.confirmedAccount("bob@example.com");
    ann = await site.signedIn("ann@example.com");
    bob = await site.signedIn("bob@example.com");
    const create = async (name: string, isPublic: boolean) => {
      const created = await site.post("/v1/list_create", { name, isPublic }, { token: ann.token });
      const { listId } = created.json() as { listId: string };
      for (const performerName of ["quiet", "past", "low", "high"])
        await site.post("/v1/list_add_performer", { listId, performerName }, { token: ann.token });
      return listId;
    };
    publicId = await create("Public picks", true);
    privateId = await create("Private picks", false);
    // Opted out after being added: still never shown.
    await t.db.insertInto("list_performers").values({ list_id: publicId, performer_id: gone }).execute();
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
  });

  it("sends the performers live first, then by viewers, with their figures", async () => {
    const response = await site.get(`/v1/list_summary?listId=${publicId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=30");
    const summary = response.json();
    expect(summary).toMatchObject({ owner: false, watching: false, observedAt: iso(now - 2 * MINUTE) });
    expect(summary.list).toMatchObject({ listId: publicId, name: "Public picks", isPublic: true });
    expect(summary.list.performers).not.toContain("gone");
    expect(summary.performers.map((p: { name: string }) => p.name)).toEqual(["high", "low", "past", "quiet"]);
    const [high, , past, quiet] = summary.performers;
    expect(high).toMatchObject({ live: true, liveText: null, viewers: 300, followers: 100 });
    expect(past).toEqual({
      name: "past",
      displayName: "Past One",
      gender: "f",
      age: 24,
      country: "NL",
      live: false,
      liveText: "live 2 days ago",
      viewers: null,
      followers: 5000,
      followerChange7d: 12,
      lastBroadcast: iso(now - 2 * DAY - MINUTE),
      addedAt: expect.any(String),
    });
    expect(quiet).toMatchObject({ live: false, liveText: "not active last week", followers: null });
    expect(quiet.followerChange7d).toBeNull();
  });

  it("tells the owner it is theirs and watched, without caching", async () => {
    const response = await site.get(`/v1/list_summary?listId=${publicId}`, ann.token);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.json()).toMatchObject({ owner: true, watching: true });
    const asBob = (await site.get(`/v1/list_summary?listId=${publicId}`, bob.token)).json();
    expect(asBob).toMatchObject({ owner: false, watching: false });
  });

  it("shows a private list to its owner only: 404 to anyone else, as an unknown id", async () => {
    expect((await site.get(`/v1/list_summary?listId=${privateId}`, ann.token)).statusCode).toBe(200);
    for (const response of [
      await site.get(`/v1/list_summary?listId=${privateId}`),
      await site.get(`/v1/list_summary?listId=${privateId}`, bob.token),
      await site.get("/v1/list_summary?listId=ZZZZZZZZZZZZ", bob.token),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ code: "list_not_found", message: LIST_NOT_FOUND });
    }
  });

  it("follows a change at once, though the figures are reused between calls", async () => {
    const listId = (
      (
        await site.post("/v1/list_create", { name: "Changing", isPublic: true }, { token: ann.token })
      ).json() as {
        listId: string;
      }
    ).listId;
    const names = async () =>
      ((await site.get(`/v1/list_summary?listId=${listId}`)).json().performers as { name: string }[]).map(
        (p) => p.name,
      );
    expect(await names()).toEqual([]);
    await site.post("/v1/list_add_performer", { listId, performerName: "past" }, { token: ann.token });
    expect(await names()).toEqual(["past"]);
    await site.post(
      "/v1/list_update_metadata",
      { listId, name: "Hidden", isPublic: false },
      { token: ann.token },
    );
    expect((await site.get(`/v1/list_summary?listId=${listId}`)).statusCode).toBe(404);
    const own = (await site.get(`/v1/list_summary?listId=${listId}`, ann.token)).json();
    expect(own).toMatchObject({ owner: true, list: { name: "Hidden", isPublic: false } });
  });

  it("refuses a missing or malformed list id and a token that does not hold", async () => {
    expect((await site.get("/v1/list_summary")).statusCode).toBe(400);
    expect((await site.get("/v1/list_summary?listId=../etc")).statusCode).toBe(400);
    expect((await site.get(`/v1/list_summary?listId=${publicId}`, "not-a-token")).statusCode).toBe(401);
  });
});
