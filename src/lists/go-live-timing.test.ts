import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { insertPerformer } from "../../tests/helpers/fixtures.ts";
import { capturingMailer, insertList, insertUser, watch } from "../../tests/helpers/list-alerts.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../../tests/helpers/platform.ts";
import { collectPoll } from "../collect/poll.ts";
import { createLogger } from "../log.ts";
import { listMail } from "../mail/mail-store.ts";
import { createMailer } from "../mail/mailer.ts";
import { type MailSink, startMailSink } from "../mail/sink.ts";
import { alertTokenKey } from "./alert-token.ts";
import { createGoLiveAlerts } from "./go-live-alerts.ts";

/**
 * Issue 18: "the alert leaves within 2 poll intervals of the poll that first shows the performer
 * live; measured in a test against the sandbox with a controlled clock." The sandbox platform on a
 * manual clock, the collector polling it slot by slot as the live loop does (the clock set to each
 * slot), the alerts hooked in as `npm start` hooks them, and mail sent over SMTP to the real sink.
 */

const INTERVAL_MS = 60_000;
const T0 = Date.UTC(2026, 10, 18, 20, 0);
const slot = (i: number) => T0 + i * INTERVAL_MS;

describe("go-live alert timing against the sandbox", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  let sink: MailSink;
  let root: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    platform = await startTestPlatform({ performers: 1500, seed: 21, at: T0 });
    root = await mkdtemp(path.join(tmpdir(), "camstats-alert-timing-"));
    sink = await startMailSink({ dir: root, port: 0, log: createLogger("silent") });
  });
  afterAll(async () => {
    await sink?.close();
    await platform?.sandbox.close();
    await t?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** A performer offline in the first three slots who comes online at a later one, and that slot. */
  function performerGoingLive(): { username: string; n: number } {
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const online = platform.population.truthAt(slot(i)).map((room) => room.username);
      const fresh = online.find((username) => !seen.has(username));
      if (i >= 3 && fresh !== undefined) return { username: fresh, n: i };
      for (const username of online) seen.add(username);
    }
    throw new Error("nobody came online within an hour of the sandbox's evening");
  }

  it("sends the alert no later than the poll two intervals after the one that first shows the performer live", async () => {
    const { username, n } = performerGoingLive();
    const fan = await insertUser(t.db, "fan@example.com");
    const list = await insertList(t.db, fan, {
      name: "Favourites",
      performerIds: [await insertPerformer(t.db, { username })],
    });
    await watch(t.db, fan, list, "each");

    const now = () => platform.clock.now();
    const real = createMailer({
      smtpUrl: sink.url,
      from: { name: "camstats", address: "no-reply@localhost" },
      db: t.db,
      perRecipientPerHour: 10,
      now,
    });
    const mailer = capturingMailer(now, { through: real });
    const alerts = createGoLiveAlerts({
      db: t.db,
      mailer,
      origin: "http://camstats.test",
      tokenKey: alertTokenKey("s".repeat(48)),
      intervalMs: INTERVAL_MS,
      now,
    });
    const deps = { ...testCollector(t.db, platform), afterStore: alerts.afterStore };
    /** How many alerts had left when each poll was stored. */
    const sentWhenStored: number[] = [];
    try {
      for (let i = 0; i <= n + 2; i++) {
        platform.clock.set(slot(i));
        expect((await collectPoll(deps, new Date(slot(i)))).status).toBe("complete");
        sentWhenStored.push(mailer.sent.length);
      }
      await alerts.idle();
    } finally {
      await mailer.close();
    }

    // Poll n is the first to show them live.
    const polls = await t.db
      .selectFrom("snapshots as s")
      .innerJoin("performers as p", "p.performer_id", "s.performer_id")
      .select("s.observed_at")
      .where("p.username", "=", username)
      .orderBy("s.observed_at")
      .execute();
    expect(polls[0]?.observed_at).toEqual(new Date(slot(n)));

    expect(mailer.sent.map((s) => [s.mail.to, s.mail.subject])).toEqual([
      ["fan@example.com", `${username} is live now`],
    ]);
    const sentAt = mailer.sent[0]?.at as number;
    expect(sentAt).toBeGreaterThanOrEqual(slot(n));
    expect(sentAt).toBeLessThanOrEqual(slot(n + 2));
    // Nothing before poll n, and it had left by the time poll n + 1 was stored (the hook of a poll
    // waits for the previous poll's mail).
    expect(sentWhenStored.slice(0, n)).toEqual(Array(n).fill(0));
    expect(sentWhenStored[n + 1]).toBe(1);

    // Through SMTP to the sink, with its one-click unsubscribe headers.
    const [kept] = await listMail(root, { to: "fan@example.com", limit: 1 });
    expect(kept?.subject).toBe(`${username} is live now`);
    expect(kept?.listUnsubscribe).toMatch(
      /^<http:\/\/camstats\.test\/v1\/list_alerts\/unsubscribe\?token=[^>]+>$/,
    );
    expect(kept?.listUnsubscribePost).toBe("List-Unsubscribe=One-Click");
  });
});
