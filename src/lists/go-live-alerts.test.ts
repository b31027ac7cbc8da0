import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { insertPerformer } from "../../tests/helpers/fixtures.ts";
import { capturingMailer, insertList, insertUser, watch } from "../../tests/helpers/list-alerts.ts";
import type { PollSummary } from "../collect/poll.ts";
import { ensureSnapshotPartitions } from "../db/queries/partitions.ts";
import type { PollStatus } from "../db/schema.ts";
import { type Mailer, MailLimitError } from "../mail/mailer.ts";
import { ALERT_MAIL_KIND, DIGEST_MAIL_KIND } from "./alert-mail.ts";
import { alertTokenKey, DIGEST_SCOPE, verifyAlertToken } from "./alert-token.ts";
import { createGoLiveAlerts } from "./go-live-alerts.ts";

/**
 * Go-live alerts against the database (decision 0020): who counts as going live (complete polls
 * only, never after a gap), who is mailed (watchers choosing 'each' of lists they may see, with a
 * confirmed address), one mail per person and list per poll, the 6-hour rule on a controlled clock,
 * a refused mail that does not stop the rest, two senders that cannot both send, and the digest.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ORIGIN = "http://camstats.test";
const KEY = alertTokenKey("s".repeat(48));

describe("go-live alerts", () => {
  let t: TestDatabase;
  const ids: Record<string, number> = {};
  const clock = { now: 0 };

  beforeAll(async () => {
    t = await createTestDatabase();
    for (const username of ["ann", "bea", "cleo", "dora", "eve", "fay", "gia", "hal", "ivy", "jo"])
      ids[username] = await insertPerformer(t.db, { username });
  });
  afterAll(async () => {
    await t?.drop();
  });

  const alertsWith = (mailer: Mailer | null, intervalMs = MINUTE) =>
    createGoLiveAlerts({ db: t.db, mailer, origin: ORIGIN, tokenKey: KEY, intervalMs, now: () => clock.now });

  /** A poll at `at` with these performers online (seconds online as given), stored like the collector's. */
  async function poll(at: number, online: (string | [string, number])[], status: PollStatus = "complete") {
    await ensureSnapshotPartitions(t.db, at, at);
    const observed = new Date(at);
    const { rows } = await sql<{ poll_id: number }>`
      INSERT INTO polls (observed_at, started_at, finished_at, status, source, rooms, viewers, pages, requests, duration_ms)
      VALUES (${observed}, ${observed}, ${observed}, ${status}, 'live', ${online.length}, 0, 1, 1, 10)
      RETURNING poll_id`.execute(t.db);
    for (const entry of online) {
      const [username, seconds] = typeof entry === "string" ? [entry, null] : entry;
      await sql`
        INSERT INTO snapshots (performer_id, observed_at, poll_id, viewers, show, seconds_online)
        VALUES (${ids[username]}, ${observed}, ${rows[0]?.poll_id}, 1, 1, ${seconds})`.execute(t.db);
    }
    return summaryOf(at, status);
  }
  const summaryOf = (at: number, status: PollStatus): PollSummary => ({
    observedAt: new Date(at),
    status,
    written: true,
    rooms: 0,
    expectedRooms: 0,
    duplicates: 0,
    malformed: 0,
    excluded: 0,
    requests: 1,
    errors: 0,
    writeMs: 1,
    durationMs: 1,
  });
  /** Polls and runs the hook with the clock at the poll, then waits for its mail. */
  async function pollAndAlert(
    alerts: ReturnType<typeof alertsWith>,
    at: number,
    online: (string | [string, number])[],
    status: PollStatus = "complete",
  ) {
    clock.now = at;
    await alerts.afterStore(await poll(at, online, status));
    await alerts.idle();
  }
  const events = async (from: number) =>
    (
      await t.db
        .selectFrom("go_live_events as e")
        .innerJoin("performers as p", "p.performer_id", "e.performer_id")
        .select(["p.username", "e.went_live_at", "e.poll_observed_at"])
        .where("e.poll_observed_at", ">=", new Date(from))
        .orderBy("e.poll_observed_at")
        .orderBy("p.username")
        .execute()
    ).map((e) => ({
      username: e.username,
      wentLiveAt: e.went_live_at.getTime(),
      poll: e.poll_observed_at.getTime(),
    }));

  it("records who went live between complete polls: not after a partial poll, not after a gap, not off lists", async () => {
    const owner = await insertUser(t.db, "owner1@example.com");
    await insertList(t.db, owner, {
      performerIds: [ids.ann as number, ids.bea as number, ids.cleo as number],
    });
    const alerts = alertsWith(null);
    const T = Date.parse("2026-11-01T12:00:00Z");
    // The first poll ever: nothing to compare with, nobody went live.
    await pollAndAlert(alerts, T, ["ann"]);
    // eve is on no list: not recorded.
    await pollAndAlert(alerts, T + MINUTE, ["ann", "bea", "eve"]);
    // A partial poll missed ann; she did not go offline, and the partial poll is no baseline.
    await pollAndAlert(alerts, T + 2 * MINUTE, ["bea"], "partial");
    await pollAndAlert(alerts, T + 3 * MINUTE, ["ann", "bea"]);
    // Replaying a poll records nothing more.
    await alerts.afterStore(summaryOf(T + 3 * MINUTE, "complete"));
    expect(await events(T)).toEqual([{ username: "bea", wentLiveAt: T + MINUTE, poll: T + MINUTE }]);

    // Five intervals without a complete poll: the next one is only a new start.
    await pollAndAlert(alerts, T + 8 * MINUTE, ["cleo"]);
    // When the feed says how long she has been online, that is when she went live, kept after the previous poll.
    await pollAndAlert(alerts, T + 9 * MINUTE, ["cleo", ["ann", 20], ["bea", 600]]);
    expect(await events(T + 4 * MINUTE)).toEqual([
      { username: "ann", wentLiveAt: T + 9 * MINUTE - 20_000, poll: T + 9 * MINUTE },
      { username: "bea", wentLiveAt: T + 8 * MINUTE + 1, poll: T + 9 * MINUTE },
    ]);
  });

  it("mails each watcher who chose 'each', once per list, for the performers of the poll", async () => {
    const owner = await insertUser(t.db, "dana@example.com");
    const fan = await insertUser(t.db, "fan@example.com");
    const unconfirmed = await insertUser(t.db, "unconfirmed@example.com", false);
    const digester = await insertUser(t.db, "digest@example.com");
    const quiet = await insertUser(t.db, "quiet@example.com");
    const snoop = await insertUser(t.db, "snoop@example.com");
    const both = [ids.dora as number, ids.fay as number];
    const mine = await insertList(t.db, owner, { name: 'Dana\'s "best"', performerIds: both });
    const shared = await insertList(t.db, owner, { name: "Shared", isPublic: true, performerIds: both });
    await watch(t.db, owner, mine, "each");
    await watch(t.db, owner, shared, "each");
    await watch(t.db, fan, shared, "each");
    await watch(t.db, unconfirmed, shared, "each");
    await watch(t.db, digester, shared, "digest");
    await watch(t.db, quiet, shared, "off");
    // A watch of a list that turned private: its watcher no longer sees it.
    await watch(t.db, snoop, mine, "each");

    const mailer = capturingMailer(() => clock.now);
    const alerts = alertsWith(mailer);
    const T = Date.parse("2026-11-02T12:00:00Z");
    await pollAndAlert(alerts, T, []);
    await pollAndAlert(alerts, T + MINUTE, ["dora", "fay"]);
    // Mails go out in the order of the watchers' ids, which are random: compare them by address.
    const sent = mailer.sent
      .map(({ at, mail }) => ({ at, to: mail.to, subject: mail.subject, kind: mail.kind }))
      .sort((a, b) => (a.to < b.to ? -1 : 1));
    // The owner's two lists both hold them: one mail, on the first list by name.
    expect(sent).toEqual([
      { at: T + MINUTE, to: "dana@example.com", subject: "dora and fay are live now", kind: ALERT_MAIL_KIND },
      { at: T + MINUTE, to: "fan@example.com", subject: "dora and fay are live now", kind: ALERT_MAIL_KIND },
    ]);
    const toOwner = mailer.sent.find((s) => s.mail.to === "dana@example.com")?.mail;
    const toFan = mailer.sent.find((s) => s.mail.to === "fan@example.com")?.mail;
    expect(toOwner?.text).toContain(`Live now, from your list "Dana's "best"":`);
    expect(toOwner?.text).toContain("dora: http://camstats.test/dora\nfay: http://camstats.test/fay");
    const unsubscribe = new URL(toFan?.unsubscribeUrl ?? "");
    expect(`${unsubscribe.origin}${unsubscribe.pathname}`).toBe(`${ORIGIN}/v1/list_alerts/unsubscribe`);
    expect(verifyAlertToken(KEY, unsubscribe.searchParams.get("token") ?? "")).toEqual({
      userId: fan,
      scope: shared,
    });
    expect(toFan?.text).toContain(`Stop these mails: ${unsubscribe.href}`);
  });

  it("sends at most one alert per performer per person in 6 hours", async () => {
    const fan = await insertUser(t.db, "six@example.com");
    await watch(t.db, fan, await insertList(t.db, fan, { performerIds: [ids.gia as number] }), "each");
    const mailer = capturingMailer(() => clock.now);
    // Polls every half hour here, so that hours pass in few polls.
    const alerts = alertsWith(mailer, 30 * MINUTE);
    const T = Date.parse("2026-11-03T00:00:00Z");
    const half = 30 * MINUTE;
    await pollAndAlert(alerts, T, []);
    await pollAndAlert(alerts, T + half, ["gia"]);
    await pollAndAlert(alerts, T + 2 * half, []);
    // Live again an hour after the first alert: no second mail.
    await pollAndAlert(alerts, T + 3 * half, ["gia"]);
    for (let n = 4; n < 15; n++) await pollAndAlert(alerts, T + n * half, []);
    // Seven hours after the first alert: a second one.
    await pollAndAlert(alerts, T + 15 * half, ["gia"]);
    expect(mailer.sent.map((s) => [s.at, s.mail.subject])).toEqual([
      [T + half, "gia is live now"],
      [T + 15 * half, "gia is live now"],
    ]);
  });

  it("goes on past a refused mail, and a refused alert does not count towards the 6 hours", async () => {
    const limited = await insertUser(t.db, "limited@example.com");
    const other = await insertUser(t.db, "other@example.com");
    const list = await insertList(t.db, limited, { isPublic: true, performerIds: [ids.hal as number] });
    await watch(t.db, limited, list, "each");
    await watch(t.db, other, list, "each");
    let refusing = true;
    const mailer = capturingMailer(() => clock.now, {
      fail: (mail) =>
        refusing && mail.to === "limited@example.com"
          ? new MailLimitError(mail.to, 10, new Date(clock.now + HOUR))
          : null,
    });
    const alerts = alertsWith(mailer);
    const T = Date.parse("2026-11-04T12:00:00Z");
    await pollAndAlert(alerts, T, []);
    await pollAndAlert(alerts, T + MINUTE, ["hal"]);
    expect(mailer.sent.map((s) => s.mail.to)).toEqual(["other@example.com"]);
    refusing = false;
    await pollAndAlert(alerts, T + 2 * MINUTE, []);
    // Within the two polls a run looks back over, the refused alert is tried again.
    expect(mailer.sent.map((s) => s.mail.to)).toEqual(["other@example.com", "limited@example.com"]);
    await pollAndAlert(alerts, T + 3 * MINUTE, ["hal"]);
    expect(mailer.sent).toHaveLength(2);
  });

  it("never sends one alert twice, even from two processes at once", async () => {
    const fan = await insertUser(t.db, "twice@example.com");
    await watch(t.db, fan, await insertList(t.db, fan, { performerIds: [ids.ivy as number] }), "each");
    const first = capturingMailer(() => clock.now);
    const second = capturingMailer(() => clock.now);
    const a = alertsWith(first);
    const b = alertsWith(second);
    const T = Date.parse("2026-11-05T12:00:00Z");
    await pollAndAlert(a, T, []);
    clock.now = T + MINUTE;
    const summary = await poll(T + MINUTE, ["ivy"]);
    await Promise.all([a.afterStore(summary), b.afterStore(summary)]);
    await Promise.all([a.idle(), b.idle()]);
    expect([...first.sent, ...second.sent].map((s) => s.mail.to)).toEqual(["twice@example.com"]);
  });

  it("sends the daily digest once, of the day to 08:00 UTC, and none for a quiet day", async () => {
    const fan = await insertUser(t.db, "daily@example.com");
    const eachFan = await insertUser(t.db, "each-only@example.com");
    const list = await insertList(t.db, fan, {
      name: "Daily",
      performerIds: [ids.jo as number, ids.ann as number],
    });
    await watch(t.db, fan, list, "digest");
    await watch(t.db, eachFan, await insertList(t.db, eachFan, { performerIds: [ids.jo as number] }), "each");
    const event = (username: string, at: string) =>
      t.db
        .insertInto("go_live_events")
        .values({
          performer_id: ids[username] as number,
          went_live_at: new Date(at),
          poll_observed_at: new Date(at),
        })
        .execute();
    await event("jo", "2026-11-06T07:59:00Z"); // the day before the digest's
    await event("jo", "2026-11-06T09:00:00Z");
    await event("jo", "2026-11-06T20:00:00Z");
    await event("ann", "2026-11-07T07:00:00Z");
    await event("ann", "2026-11-07T08:30:00Z"); // the next day's
    const mailer = capturingMailer(() => clock.now);
    const alerts = alertsWith(mailer);
    const digests = () => mailer.sent.filter((s) => s.mail.kind === DIGEST_MAIL_KIND);

    clock.now = Date.parse("2026-11-07T08:59:00Z");
    await alerts.hourly();
    await alerts.hourly();
    expect(digests().map((s) => s.mail.to)).toEqual(["daily@example.com"]);
    const mail = digests()[0]?.mail;
    expect(mail?.subject).toBe("2 performers from your lists went live in the past day");
    expect(mail?.text).toContain(
      [
        `Daily (${ORIGIN}/lists/${list})`,
        `  ann, went live 2026-11-07 07:00 UTC: ${ORIGIN}/ann`,
        `  jo, went live 2 times, last 2026-11-06 20:00 UTC: ${ORIGIN}/jo`,
      ].join("\n"),
    );
    const token = new URL(mail?.unsubscribeUrl ?? "").searchParams.get("token") ?? "";
    expect(verifyAlertToken(KEY, token)).toEqual({ userId: fan, scope: DIGEST_SCOPE });

    // The next day: ann's 08:30 event; the day after, nothing: no mail.
    clock.now = Date.parse("2026-11-08T08:00:00Z");
    await alerts.hourly();
    clock.now = Date.parse("2026-11-09T10:00:00Z");
    await alerts.hourly();
    expect(digests().map((s) => s.mail.subject)).toEqual([
      "2 performers from your lists went live in the past day",
      "1 performer from your lists went live in the past day",
    ]);
  });
});
