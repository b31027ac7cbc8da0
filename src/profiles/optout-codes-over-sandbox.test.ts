import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../../tests/helpers/platform.ts";
import { afterStoreAll } from "../collect/after-store.ts";
import { CLAIM_BIO_RECHECK_MS, fetchBioBatch, Pacer } from "../collect/bios.ts";
import { collectPoll } from "../collect/poll.ts";
import { performersNeedingBio } from "../db/queries/performer-bios.ts";
import { BioClient } from "../platform/bio-client.ts";
import { actOnOptoutCodes, optoutCodesHook } from "./optout-code-check.ts";

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 18, 21, 0);

/**
 * Opting out without an account against the sandbox platform (issue 30 point 4, decision 0044):
 * a code asked for with no token, set in a room subject or about-me through the site's control, a
 * real poll or bio fetch reads it, and the check opts the performer out or back in.
 */
describe("opt-out codes through the sandbox's control, a real poll and a real bio fetch", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  let site: ReturnType<typeof accountsSite>;
  let at = T0;
  let online: string[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform({ performers: 2000, seed: 30, at: T0 });
    t = await createTestDatabase();
    site = accountsSite(t.db, { sandboxControlUrl: platform.sandbox.url });
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
    await platform?.sandbox.close();
  });

  let deps: ReturnType<typeof testCollector> | undefined;
  const poll = async () => {
    at += MINUTE;
    platform.clock.set(at);
    deps ??= {
      ...testCollector(t.db, platform, { pageSize: 100 }),
      afterStore: afterStoreAll([optoutCodesHook({ db: t.db })]),
    };
    return collectPoll(deps, new Date(at));
  };
  const control = (body: object) =>
    site.app.inject({
      method: "POST",
      url: "/dev/sandbox/performer",
      payload: body,
      remoteAddress: "127.0.0.1",
    });
  const codeFor = async (performer: string, optOut = true) => {
    const response = await site.post("/v1/optout", { performer, optOut });
    expect(response.statusCode).toBe(202);
    return response.json().code as string;
  };
  const optedOut = async () =>
    (
      await sql<{
        username: string;
      }>`SELECT username FROM optouts WHERE confirmed_at IS NOT NULL ORDER BY 1`.execute(t.db)
    ).rows.map((r) => r.username);
  const storedIn = async (username: string, observedAt: number) =>
    (
      await sql`SELECT 1 FROM snapshots s JOIN performers p USING (performer_id)
        WHERE p.username = ${username} AND s.observed_at = ${new Date(observedAt)}`.execute(t.db)
    ).rows.length > 0;
  const storedSubject = async (username: string) =>
    (
      await sql<{
        s: string | null;
      }>`SELECT room_subject AS s FROM performers WHERE username = ${username}`.execute(t.db)
    ).rows[0]?.s ?? null;

  it("opts a performer out by a code in the room subject; another's code in a room does nothing", async () => {
    await poll();
    online = platform.population.truthAt(at).map((r) => r.username);
    const [x, y, z] = online as [string, string, string];
    const code = await codeFor(x);
    // y's room shows x's code, and z's own code is in no room: nothing for anyone.
    await codeFor(z);
    await control({ performer: y, roomSubject: `copied: ${code}` });
    await poll();
    expect(await optedOut()).toEqual([]);

    await control({ performer: x, roomSubject: `Bye everyone ${code}` });
    await poll();
    expect(await optedOut()).toEqual([x]);
    await poll();
    expect(await storedIn(x, at)).toBe(false);
    expect(await storedIn(y, at)).toBe(true);
  });

  it("opts back in by a code in the subject of a room never stored while opted out", async () => {
    const x = online[0] as string;
    const code = await codeFor(x, false);
    await control({ performer: x, roomSubject: `I'm back ${code}` });
    const observed = at + MINUTE;
    await poll();
    expect(await storedIn(x, observed)).toBe(false);
    expect(await storedSubject(x)).not.toContain(code);
    expect(await optedOut()).toEqual([]);
    await poll();
    expect(await storedIn(x, at)).toBe(true);
    await control({ performer: x, roomSubject: null });
  });

  it("reads the about-me of a performer with a code first, opted out or not, and stores it only when not", async () => {
    const w = online[4] as string;
    const bios = () =>
      fetchBioBatch(
        {
          db: t.db,
          client: new BioClient({ siteUrl: platform.sandbox.url, timeoutMs: 5000 }),
          fetchesPerMinute: 3,
          refreshDays: 7,
          lookForOptoutCodes: (performer, found) => actOnOptoutCodes({ db: t.db }, [performer], found),
        },
        {
          pacer: new Pacer(6000, { now: () => 0, sleep: async () => {} }),
          signal: new AbortController().signal,
        },
      );
    const next = () =>
      performersNeedingBio(t.db, {
        staleBefore: new Date(0),
        limit: 3,
        now: new Date(),
        claimRecheckBefore: new Date(Date.now() - CLAIM_BIO_RECHECK_MS),
      });
    const aboutMe = async () =>
      (
        await sql<{ a: string }>`
          SELECT b.about_me AS a FROM performer_bios b JOIN performers p USING (performer_id)
          WHERE p.username = ${w}`.execute(t.db)
      ).rows[0]?.a ?? null;

    // Codes still waiting from the tests above come first too; the batch takes them all.
    const out = await codeFor(w);
    await control({ performer: w, aboutMe: `Thanks for everything. ${out}` });
    expect(await next()).toContainEqual(expect.objectContaining({ username: w, codePending: true }));
    await bios();
    expect(await optedOut()).toEqual([w]);
    expect(await aboutMe()).toBeNull();
    // Looked at: not asked for again before the recheck interval.
    expect((await next()).map((c) => c.username)).not.toContain(w);

    const back = await codeFor(w, false);
    await control({ performer: w, aboutMe: `Back again! ${back}` });
    expect(await next()).toContainEqual(expect.objectContaining({ username: w, codePending: true }));
    await bios();
    expect(await optedOut()).toEqual([]);
    expect(await aboutMe()).toBe(`Back again! ${back}`);
  });
});
