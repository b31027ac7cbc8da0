import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../../tests/helpers/platform.ts";
import { afterStoreAll } from "../collect/after-store.ts";
import { fetchBioBatch, Pacer } from "../collect/bios.ts";
import { collectPoll } from "../collect/poll.ts";
import { performersNeedingBio } from "../db/queries/performer-bios.ts";
import { BioClient } from "../platform/bio-client.ts";
import { PROXY_HEADERS } from "../server/api/local-only.ts";
import { DEV_SANDBOX_LOCAL_ONLY } from "../server/routes/dev-sandbox.ts";
import { claimsHook } from "./claim-check.ts";

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 18, 21, 0);

/**
 * The journey's back end against the sandbox platform over HTTP (issue 19): the site's
 * /dev/sandbox/performer sets a room subject or about-me on the sandbox, a real poll (and a real
 * bio fetch) reads it, and the claims check after the poll verifies the account.
 */
describe("claims proved through the sandbox's control, a real poll and a real bio fetch", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  let site: ReturnType<typeof accountsSite>;
  let ann: { token: string };
  let bob: { token: string };
  let at = T0;
  /** The performer ann proves to be in the first test. */
  let x = "";

  beforeAll(async () => {
    platform = await startTestPlatform({ performers: 2000, seed: 19, at: T0 });
    t = await createTestDatabase();
    site = accountsSite(t.db, { sandboxControlUrl: platform.sandbox.url });
    await site.confirmedAccount("ann@example.com");
    await site.confirmedAccount("bob@example.com");
    ann = await site.signedIn("ann@example.com");
    bob = await site.signedIn("bob@example.com");
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
    await platform?.sandbox.close();
  });

  const collector = () => ({
    ...testCollector(t.db, platform, { pageSize: 100 }),
    afterStore: afterStoreAll([
      claimsHook({ db: t.db, mailer: null, siteName: "camstats", origin: "http://camstats.test" }),
    ]),
  });
  let deps: ReturnType<typeof collector>;
  const poll = async () => {
    at += MINUTE;
    platform.clock.set(at);
    deps ??= collector();
    return collectPoll(deps, new Date(at));
  };
  const control = (body: object, remoteAddress = "127.0.0.1") =>
    site.app.inject({ method: "POST", url: "/dev/sandbox/performer", payload: body, remoteAddress });
  const stored = async (username: string) => {
    const { rows } = await sql<{ room_subject: string | null }>`
      SELECT room_subject FROM performers WHERE username = ${username}`.execute(t.db);
    return rows[0] ?? null;
  };
  const claimState = async (performer: string, token: string) =>
    (await site.get(`/v1/verify_account?performer=${performer}`, token)).json();

  it("verifies a claim by a room subject set through the site's control", async () => {
    await poll();
    x = platform.population.truthAt(at)[3]?.username as string;
    const { code } = (await site.post("/v1/verify_account", { performer: x }, { token: ann.token })).json();

    const set = await control({ performer: x, roomSubject: `Welcome to my room! ${code}` });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ performer: x, override: { roomSubject: `Welcome to my room! ${code}` } });
    expect(set.headers["cache-control"]).toBe("no-store");

    await poll();
    expect((await stored(x))?.room_subject).toBe(`Welcome to my room! ${code}`);
    expect(await claimState(x, ann.token)).toMatchObject({ status: "verified" });
    // Cleared: the model's subject again at the next poll.
    await control({ performer: x, roomSubject: null });
    await poll();
    expect((await stored(x))?.room_subject).not.toContain(code);
  });

  it("puts a performer online by hand, and verifies by an about-me the bio fetcher reads first", async () => {
    const online = new Set(platform.population.truthAt(at).map((r) => r.username));
    const y = platform.population
      .truthAt(at + 12 * 3600_000)
      .map((r) => r.username)
      .find((name) => !online.has(name)) as string;
    expect((await control({ performer: y, online: true })).statusCode).toBe(200);
    await poll();
    expect(await stored(y)).not.toBeNull();

    const { code } = (await site.post("/v1/verify_account", { performer: y }, { token: bob.token })).json();
    await control({ performer: y, aboutMe: `Hi, I'm new here. ${code}` });
    // Many performers still have no bio; the claimed one is asked for first.
    const next = await performersNeedingBio(t.db, {
      staleBefore: new Date(0),
      limit: 3,
      now: new Date(),
      claimRecheckBefore: new Date(Date.now() - 2 * MINUTE),
    });
    expect(next[0]?.username).toBe(y);
    const controller = new AbortController();
    const summary = await fetchBioBatch(
      {
        db: t.db,
        client: new BioClient({ siteUrl: platform.sandbox.url, timeoutMs: 5000 }),
        fetchesPerMinute: 2,
        refreshDays: 7,
      },
      { pacer: new Pacer(6000, { now: () => 0, sleep: async () => {} }), signal: controller.signal },
    );
    expect(summary.stored).toBeGreaterThanOrEqual(1);
    await poll();
    expect(await claimState(y, bob.token)).toMatchObject({ status: "verified" });

    await control({ performer: y, online: false });
    await poll();
    const { rows } = await sql`
      SELECT 1 FROM snapshots s JOIN performers p USING (performer_id)
      WHERE p.username = ${y} AND s.observed_at = ${new Date(at)}`.execute(t.db);
    expect(rows).toEqual([]);
  });

  it("never stores an opted-out performer again, until they opt back in", async () => {
    expect((await site.post("/v1/optout", { performer: x }, { token: ann.token })).statusCode).toBe(200);
    await control({ performer: x, online: true });
    await poll();
    const inPoll = () =>
      sql`SELECT 1 FROM snapshots s JOIN performers p USING (performer_id)
        WHERE p.username = ${x} AND s.observed_at = ${new Date(at)}`.execute(t.db);
    expect((await inPoll()).rows).toEqual([]);
    await site.post("/v1/optout", { performer: x, optOut: false }, { token: ann.token });
    await poll();
    expect((await inPoll()).rows).toHaveLength(1);
  });

  it("answers only this machine, names a bad field, and 404s a performer the sandbox lacks", async () => {
    const far = await control({ performer: "anyone", roomSubject: "x" }, "10.1.2.3");
    expect(far.statusCode).toBe(403);
    expect(far.json().error.message).toBe(DEV_SANDBOX_LOCAL_ONLY);
    // From this machine through a proxy (issue 27: X-Real-IP once reached the mail sink this way).
    for (const name of PROXY_HEADERS) {
      const proxied = await site.app.inject({
        method: "POST",
        url: "/dev/sandbox/performer",
        payload: { performer: "anyone", roomSubject: "x" },
        remoteAddress: "127.0.0.1",
        headers: { [name]: name === "forwarded" ? "for=203.0.113.7" : "203.0.113.7" },
      });
      expect(proxied.statusCode, name).toBe(403);
    }
    const bad = await control({ performer: "anyone", online: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.parameter).toBe("online");
    expect((await control({ performer: "no_such_name_here" })).statusCode).toBe(404);
  });

  it("does not exist without the sandbox", async () => {
    const plain = accountsSite(t.db);
    const response = await plain.app.inject({
      method: "POST",
      url: "/dev/sandbox/performer",
      payload: { performer: "anyone" },
      remoteAddress: "127.0.0.1",
    });
    expect(response.statusCode).toBe(404);
    await plain.app.close();
  });
});
