import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { performerOwnProfile } from "../../db/queries/performer-own-profile.ts";
import {
  ABOUT_ME_TOO_LONG,
  GOAL_TEXT,
  GOAL_TOKENS,
  SLOT_DAY,
  SLOT_END,
  SLOT_START,
  slotOverlap,
  socialLinkRefused,
  TIMEZONE_UNKNOWN,
  TIP_MENU_EXPECTED,
  TIP_MENU_ITEM,
  TIP_MENU_TOKENS,
  TOO_MANY_GOALS,
  TOO_MANY_SLOTS,
  TOO_MANY_TIP_MENU_LINES,
  UNKNOWN_NETWORK,
} from "../../profiles/profile-rules.ts";
import { LONE_SURROGATE_REFUSED } from "../api/api-error.ts";
import { NOT_VERIFIED_FOR_ANY, notVerified, severalPerformers } from "./profile-owner.ts";

/**
 * The verified performer's profile text (issue 19, decision 0022): only the verified account edits
 * it, every rule refuses with its text, a refused call writes nothing, the pages see it only while
 * the performer is verified and has not opted out.
 */
describe("GET and POST /v1/account_settings, POST /v1/account_socials", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;
  let ann: { token: string };
  let bob: { token: string };
  const ids: Record<string, number> = {};

  const own = async (email: string, username: string) => {
    const user = await t.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO performer_owners (performer_id, user_id, verified_at)
      VALUES (${ids[username]}, ${user.id}, now())
      ON CONFLICT (performer_id) DO UPDATE SET user_id = EXCLUDED.user_id`.execute(t.db);
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db);
    const at = new Date().toISOString();
    for (const username of ["alice", "bella", "cleo", "gone"])
      ids[username] = await insertPerformer(t.db, { username, lastSeen: at, followers: 10 });
    for (const who of ["ann", "bob"]) await site.confirmedAccount(`${who}@example.com`);
    ann = await site.signedIn("ann@example.com");
    bob = await site.signedIn("bob@example.com");
    await own("ann@example.com", "alice");
    await own("ann@example.com", "gone");
    await own("bob@example.com", "bella");
    await confirmOptout(t.db, "gone");
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
  });

  const settings = (body: object, token?: string) =>
    site.post("/v1/account_settings", body, token === undefined ? {} : { token });
  const socials = (body: object, token?: string) =>
    site.post("/v1/account_socials", body, token === undefined ? {} : { token });
  const stored = async (performer = "alice") => {
    const response = await site.get(`/v1/account_settings?performer=${performer}`, ann.token);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const refusal = (response: { statusCode: number; json: () => { error: { message: string } } }) => {
    expect(response.statusCode).toBe(400);
    return response.json().error.message;
  };

  it("shows the empty profile before the first edit, to the verified account only", async () => {
    const response = await site.get("/v1/account_settings?performer=Alice", ann.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.json()).toEqual({
      performer: "alice",
      aboutMe: "",
      schedule: null,
      goals: [],
      shouldDisplayGoalDetailsOnProfile: false,
      socials: {},
      profileImage: null,
      bannerImage: null,
      tipMenu: [],
      updatedAt: null,
    });
    // The pages see a verified performer's (empty) profile: the verified mark.
    expect(await performerOwnProfile(t.db, ids.alice as number)).toMatchObject({
      performer: "alice",
      aboutMe: "",
    });
    expect(await performerOwnProfile(t.db, ids.cleo as number)).toBeNull();
  });

  it("refuses without a token, to another account, and for unknown or opted-out performers", async () => {
    expect((await site.get("/v1/account_settings?performer=alice")).statusCode).toBe(401);
    expect((await settings({ performer: "alice", aboutme: "x" })).statusCode).toBe(401);
    expect((await socials({ performer: "alice", socials: {} })).statusCode).toBe(401);
    for (const call of [
      () => site.get("/v1/account_settings?performer=alice", bob.token),
      () => settings({ performer: "alice", aboutme: "mine now" }, bob.token),
      () => socials({ performer: "alice", socials: { reddit: "https://reddit.com/u/x" } }, bob.token),
    ]) {
      const response = await call();
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({ code: "not_verified", message: notVerified("alice") });
    }
    expect(notVerified("alice")).toContain("/claim/alice");
    // An unverified performer: the same 403 (the performer is public, the right is missing).
    expect((await site.get("/v1/account_settings?performer=cleo", ann.token)).statusCode).toBe(403);
    for (const name of ["nobody", "gone"]) {
      const response = await site.get(`/v1/account_settings?performer=${name}`, bob.token);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("unknown_performer");
    }
    // The opted-out performer's own account may still edit what shows when they opt back in.
    expect((await site.get("/v1/account_settings?performer=gone", ann.token)).statusCode).toBe(200);
    expect(await performerOwnProfile(t.db, ids.gone as number)).toBeNull();
    expect((await stored()).updatedAt).toBeNull();
  });

  it("keeps about me as plain text with its line breaks, and each field apart", async () => {
    const response = await settings(
      { performer: "alice", aboutme: "  Hi\r\nthere\u0000\u0007\tfriends <b>bold</b>\u2028end  " },
      ann.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().aboutMe).toBe("Hi\nthere friends <b>bold</b>\nend");
    expect(response.json().updatedAt).toEqual(expect.any(String));
    const schedule = {
      timezone: "Europe/Amsterdam",
      slots: [
        { day: 3, start: "20:00", end: "24:00" },
        { day: 1, start: "12:00", end: "14:00" },
        { day: 1, start: "09:00", end: "12:00" },
      ],
    };
    const goals = [
      { text: "  New\nlights  ", tokens: 5000 },
      { text: "A trip", tokens: null },
      { text: "No tokens given" },
    ];
    const second = await settings(
      { performer: "alice", schedule, goals, shouldDisplayGoalDetailsOnProfile: true },
      ann.token,
    );
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      aboutMe: "Hi\nthere friends <b>bold</b>\nend",
      schedule: {
        timezone: "Europe/Amsterdam",
        slots: [
          { day: 1, start: "09:00", end: "12:00" },
          { day: 1, start: "12:00", end: "14:00" },
          { day: 3, start: "20:00", end: "24:00" },
        ],
      },
      goals: [
        { text: "New lights", tokens: 5000 },
        { text: "A trip", tokens: null },
        { text: "No tokens given", tokens: null },
      ],
      shouldDisplayGoalDetailsOnProfile: true,
    });
    expect(await stored()).toEqual(second.json());
    expect(await performerOwnProfile(t.db, ids.alice as number)).toEqual(second.json());
    // UTC and a zone's older alias are zones too; null clears the schedule.
    for (const timezone of ["UTC", "Asia/Calcutta"])
      expect(
        (await settings({ performer: "alice", schedule: { timezone, slots: [] } }, ann.token)).statusCode,
      ).toBe(200);
    expect((await settings({ performer: "alice", schedule: null }, ann.token)).json().schedule).toBeNull();
    expect((await settings({ performer: "alice", schedule }, ann.token)).statusCode).toBe(200);
  });

  it("keeps a tip menu of plain-text lines, answered without its search keys", async () => {
    const response = await settings(
      {
        performer: "alice",
        tipMenu: [
          { item: "  Oil\tshow\n ", tokens: 350 },
          { item: "PM", tokens: 25 },
        ],
      },
      ann.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().tipMenu).toEqual([
      { item: "Oil show", tokens: 350 },
      { item: "PM", tokens: 25 },
    ]);
    expect((await stored()).tipMenu).toEqual(response.json().tipMenu);
    const { rows } = await sql<{ tip_menu: unknown }>`
      SELECT tip_menu FROM performer_profiles WHERE performer_id = ${ids.alice}`.execute(t.db);
    expect(rows[0]?.tip_menu).toEqual([
      { item: "Oil show", itemKey: "oil show", tokens: 350 },
      { item: "PM", itemKey: "pm", tokens: 25 },
    ]);
    // Another field alone leaves the menu as it is.
    expect((await settings({ performer: "alice", aboutme: "hello" }, ann.token)).json().tipMenu).toHaveLength(
      2,
    );
  });

  it("refuses each broken rule with its text and writes nothing", async () => {
    const before = await stored();
    const slot = (day: unknown, start: unknown, end: unknown) => ({ day, start, end });
    const cases: Array<[object, string]> = [
      [{ aboutme: "x".repeat(2001) }, `aboutme: ${ABOUT_ME_TOO_LONG}`],
      [{ aboutme: "😀".repeat(2001) }, `aboutme: ${ABOUT_ME_TOO_LONG}`],
      [{ schedule: { timezone: "Mars/Olympus", slots: [] } }, `schedule.timezone: ${TIMEZONE_UNKNOWN}`],
      [{ schedule: { timezone: "+01:00", slots: [] } }, `schedule.timezone: ${TIMEZONE_UNKNOWN}`],
      [
        {
          schedule: {
            timezone: "UTC",
            slots: Array.from({ length: 29 }, (_, i) => slot((i % 7) + 1, "00:00", "00:01")),
          },
        },
        `schedule.slots: ${TOO_MANY_SLOTS}`,
      ],
      [
        { schedule: { timezone: "UTC", slots: [slot(0, "09:00", "10:00")] } },
        `schedule.slots.0.day: ${SLOT_DAY}`,
      ],
      [
        { schedule: { timezone: "UTC", slots: [slot(8, "09:00", "10:00")] } },
        `schedule.slots.0.day: ${SLOT_DAY}`,
      ],
      [
        { schedule: { timezone: "UTC", slots: [slot(1.5, "09:00", "10:00")] } },
        `schedule.slots.0.day: ${SLOT_DAY}`,
      ],
      [
        { schedule: { timezone: "UTC", slots: [slot(1, "9:00", "10:00")] } },
        `schedule.slots.0.start: ${SLOT_START}`,
      ],
      [
        { schedule: { timezone: "UTC", slots: [slot(1, "24:00", "24:00")] } },
        `schedule.slots.0.start: ${SLOT_START}`,
      ],
      [
        { schedule: { timezone: "UTC", slots: [slot(1, "10:00", "10:00")] } },
        `schedule.slots.0.end: ${SLOT_END}`,
      ],
      [
        { schedule: { timezone: "UTC", slots: [slot(1, "22:00", "02:00")] } },
        `schedule.slots.0.end: ${SLOT_END}`,
      ],
      [
        { schedule: { timezone: "UTC", slots: [slot(1, "10:00", "24:01")] } },
        `schedule.slots.0.end: ${SLOT_END}`,
      ],
      [
        {
          schedule: {
            timezone: "UTC",
            slots: [slot(2, "09:00", "12:00"), slot(1, "08:00", "09:00"), slot(2, "11:00", "13:00")],
          },
        },
        `schedule.slots.2: ${slotOverlap(0, 2)}`,
      ],
      [
        { schedule: { timezone: "UTC", slots: [slot(5, "10:00", "11:00"), slot(5, "09:00", "24:00")] } },
        `schedule.slots.1: ${slotOverlap(0, 5)}`,
      ],
      [{ goals: Array.from({ length: 6 }, () => ({ text: "g", tokens: 1 })) }, `goals: ${TOO_MANY_GOALS}`],
      [{ goals: [{ text: " \n ", tokens: 1 }] }, `goals.0.text: ${GOAL_TEXT}`],
      [{ goals: [{ text: "g".repeat(121), tokens: 1 }] }, `goals.0.text: ${GOAL_TEXT}`],
      [{ goals: [{ text: "g", tokens: 0 }] }, `goals.0.tokens: ${GOAL_TOKENS}`],
      [{ goals: [{ text: "g", tokens: 10_000_001 }] }, `goals.0.tokens: ${GOAL_TOKENS}`],
      [{ goals: [{ text: "g", tokens: 2.5 }] }, `goals.0.tokens: ${GOAL_TOKENS}`],
      [{ goals: [{ text: "g", tokens: "5" }] }, `goals.0.tokens: ${GOAL_TOKENS}`],
      [{ tipMenu: { item: "dance", tokens: 5 } }, `tipMenu: ${TIP_MENU_EXPECTED}`],
      [
        { tipMenu: Array.from({ length: 41 }, () => ({ item: "dance", tokens: 5 })) },
        `tipMenu: ${TOO_MANY_TIP_MENU_LINES}`,
      ],
      [{ tipMenu: [{ item: "", tokens: 5 }] }, `tipMenu.0.item: ${TIP_MENU_ITEM}`],
      [{ tipMenu: [{ item: "!!! 💕", tokens: 5 }] }, `tipMenu.0.item: ${TIP_MENU_ITEM}`],
      [{ tipMenu: [{ item: "d".repeat(121), tokens: 5 }] }, `tipMenu.0.item: ${TIP_MENU_ITEM}`],
      [{ tipMenu: [{ item: 5, tokens: 5 }] }, `tipMenu.0.item: ${TIP_MENU_ITEM}`],
      [{ tipMenu: [{ item: "dance", tokens: 0 }] }, `tipMenu.0.tokens: ${TIP_MENU_TOKENS}`],
      [{ tipMenu: [{ item: "dance", tokens: 1_000_001 }] }, `tipMenu.0.tokens: ${TIP_MENU_TOKENS}`],
      [{ tipMenu: [{ item: "dance", tokens: 1.5 }] }, `tipMenu.0.tokens: ${TIP_MENU_TOKENS}`],
      [{ tipMenu: [{ item: "dance" }] }, `tipMenu.0.tokens: ${TIP_MENU_TOKENS}`],
      // Issue 27: a lone surrogate was a 500 (PostgreSQL refuses it in jsonb); refused, never repaired.
      [{ goals: [{ text: "go\ud800al", tokens: 5 }] }, `goals.0.text: ${LONE_SURROGATE_REFUSED}`],
      [{ goals: [{ text: "\udfff", tokens: null }] }, `goals.0.text: ${LONE_SURROGATE_REFUSED}`],
      [
        {
          tipMenu: [
            { item: "dance", tokens: 5 },
            { item: "flash \ud83d", tokens: 9 },
          ],
        },
        `tipMenu.1.item: ${LONE_SURROGATE_REFUSED}`,
      ],
      [{ aboutme: "hi \ude00 there" }, `aboutme: ${LONE_SURROGATE_REFUSED}`],
      [{ schedule: { timezone: "UTC\ud800", slots: [] } }, `schedule.timezone: ${LONE_SURROGATE_REFUSED}`],
    ];
    for (const [fields, message] of cases) {
      // A valid field beside the broken one must not be written either.
      const response = await settings({ performer: "alice", aboutme: "changed?", ...fields }, ann.token);
      expect(refusal(response), JSON.stringify(fields)).toBe(message);
    }
    expect(slotOverlap(0, 2)).toBe("overlaps slot 0 on Tuesday; slots on one day may touch but not overlap");
    expect(await stored()).toEqual(before);
  });

  it("sets socials on their network's host only, over https, and removes one with an empty link", async () => {
    const ok = await socials(
      {
        performer: "alice",
        socials: {
          twitter: "https://x.com/alice",
          instagram: "https://www.instagram.com/alice/",
          linktree: "https://linktr.ee/alice",
          telegram: "https://t.me/alice",
        },
      },
      ann.token,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().socials).toEqual({
      twitter: "https://x.com/alice",
      instagram: "https://www.instagram.com/alice/",
      linktree: "https://linktr.ee/alice",
      telegram: "https://t.me/alice",
    });
    const changed = await socials(
      { performer: "alice", socials: { twitter: "", reddit: "https://old.reddit.com/user/alice" } },
      ann.token,
    );
    expect(changed.json().socials).toEqual({
      instagram: "https://www.instagram.com/alice/",
      linktree: "https://linktr.ee/alice",
      telegram: "https://t.me/alice",
      reddit: "https://old.reddit.com/user/alice",
    });
    const before = await stored();
    const refused: Array<[string, unknown]> = [
      ["twitter", "javascript:alert(1)//x.com/a"],
      ["twitter", "data:text/html,<script>alert(1)</script>"],
      ["twitter", "http://x.com/alice"],
      ["twitter", "https://evil.com/x.com"],
      ["twitter", "https://x.com.evil.com/alice"],
      ["twitter", "https://notx.com/alice"],
      ["twitter", "https://user:pass@x.com/alice"],
      ["twitter", "https://evil.com@x.com/alice"],
      ["twitter", "https://x.com:8443/alice"],
      ["twitter", "https://x.com:443/alice"],
      ["twitter", "https://x.com/"],
      ["twitter", "https://x.com/al ice"],
      ["twitter", "https://x.com/alice\n"],
      ["twitter", `https://x.com/${"a".repeat(300)}`],
      ["tiktok", "https://instagram.com/alice"],
      ["youtube", 42],
      ["telegram", "//t.me/alice"],
    ];
    for (const [network, link] of refused) {
      const response = await socials(
        { performer: "alice", socials: { linktree: "", [network]: link } },
        ann.token,
      );
      expect(refusal(response), String(link)).toBe(
        `socials.${network}: ${socialLinkRefused(network as "twitter")}`,
      );
    }
    expect(
      refusal(
        await socials({ performer: "alice", socials: { myspace: "https://myspace.com/a" } }, ann.token),
      ),
    ).toBe(`socials.myspace: ${UNKNOWN_NETWORK}`);
    // A lone surrogate in a link or in a network's name: refused by the parser, before the rules.
    expect(
      refusal(
        await socials({ performer: "alice", socials: { twitter: "https://x.com/al\ud800" } }, ann.token),
      ),
    ).toBe(`socials.twitter: ${LONE_SURROGATE_REFUSED}`);
    expect(refusal(await socials({ performer: "alice", socials: { "x\udc00": "" } }, ann.token))).toBe(
      `socials: ${LONE_SURROGATE_REFUSED}`,
    );
    expect(socialLinkRefused("twitter")).toContain("x.com or twitter.com");
    expect(await stored()).toEqual(before);
  });

  it("keeps the profile when the ownership moves: the new owner edits it, the old one is refused", async () => {
    await settings({ performer: "bella", aboutme: "by bob" }, bob.token);
    await own("ann@example.com", "bella");
    expect((await settings({ performer: "bella", aboutme: "bob again" }, bob.token)).statusCode).toBe(403);
    const response = await site.get("/v1/account_settings?performer=bella", ann.token);
    expect(response.json().aboutMe).toBe("by bob");
    await own("bob@example.com", "bella");
  });

  it("takes SPEC's bodies without a performer from an account verified for exactly one (issue 30)", async () => {
    // bob is verified for bella alone: SPEC §7's shapes act on her.
    const written = await settings(
      { aboutme: "SPEC's body", shouldDisplayGoalDetailsOnProfile: true },
      bob.token,
    );
    expect(written.statusCode).toBe(200);
    expect(written.json()).toMatchObject({ performer: "bella", aboutMe: "SPEC's body" });
    const read = await site.get("/v1/account_settings", bob.token);
    expect(read.json()).toMatchObject({ performer: "bella", aboutMe: "SPEC's body" });
    expect((await socials({ socials: {} }, bob.token)).json()).toMatchObject({ performer: "bella" });
    // ann is verified for two: the field is asked for, naming both; nothing is written.
    const before = await stored();
    const several = await settings({ aboutme: "whose?" }, ann.token);
    expect(several.statusCode).toBe(400);
    expect(several.json().error).toMatchObject({
      code: "invalid_parameter",
      parameter: "performer",
      // The most recently verified first: gone was verified after alice.
      message: severalPerformers(["gone", "alice"]),
    });
    expect(await stored()).toEqual(before);
    // An account verified for none: the 403 says how to become one.
    await site.confirmedAccount("cai@example.com");
    const cai = await site.signedIn("cai@example.com");
    const none = await site.get("/v1/account_settings", cai.token);
    expect(none.statusCode).toBe(403);
    expect(none.json().error).toMatchObject({ code: "not_verified", message: NOT_VERIFIED_FOR_ANY });
  });

  it("answers every hostile body with a 2xx or 4xx and never half-writes (fast-check)", async () => {
    const body = fc.record(
      {
        performer: fc.oneof(
          fc.constantFrom("alice", "bella", "cleo", "nobody"),
          fc.string({ maxLength: 70 }),
        ),
        aboutme: fc.oneof(
          fc.string({ maxLength: 2100 }),
          fc.string({ unit: "grapheme", maxLength: 300 }),
          fc.anything(),
        ),
        schedule: fc.oneof(
          fc.constant(null),
          fc.anything(),
          fc.record({
            timezone: fc.oneof(
              fc.constantFrom("UTC", "Europe/Amsterdam", "America/New_York", "Nowhere"),
              fc.string(),
            ),
            slots: fc.array(
              fc.record({
                day: fc.oneof(fc.integer({ min: 0, max: 8 }), fc.anything()),
                start: fc.oneof(
                  fc.constantFrom("00:00", "09:30", "23:59", "24:00"),
                  fc.string({ maxLength: 6 }),
                ),
                end: fc.oneof(
                  fc.constantFrom("00:00", "10:00", "23:59", "24:00"),
                  fc.string({ maxLength: 6 }),
                ),
              }),
              { maxLength: 30 },
            ),
          }),
        ),
        goals: fc.oneof(
          fc.anything(),
          fc.array(
            fc.record({
              text: fc.oneof(fc.string({ maxLength: 130 }), fc.anything()),
              tokens: fc.oneof(
                fc.integer({ min: -5, max: 10_000_005 }),
                fc.constant(null),
                fc.double(),
                fc.anything(),
              ),
            }),
            { maxLength: 7 },
          ),
        ),
        shouldDisplayGoalDetailsOnProfile: fc.anything(),
        tipMenu: fc.oneof(
          fc.anything(),
          fc.array(
            fc.record({
              item: fc.oneof(
                fc.string({ maxLength: 130 }),
                fc.string({ unit: "grapheme", maxLength: 40 }),
                fc.anything(),
              ),
              tokens: fc.oneof(fc.integer({ min: -5, max: 1_000_005 }), fc.double(), fc.anything()),
            }),
            { maxLength: 42 },
          ),
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(body, fc.jsonValue()), async (payload) => {
        const before = await stored();
        const response = await site.app.inject({
          method: "POST",
          url: "/v1/account_settings",
          payload: JSON.stringify(payload),
          headers: { "content-type": "application/json", authorization: `Bearer ${ann.token}` },
        });
        const label = JSON.stringify(payload);
        expect(response.statusCode, label).toBeLessThan(500);
        if (response.statusCode !== 200) expect(await stored(), label).toEqual(before);
        else expect(await stored("alice").then((s) => s.performer === "alice")).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("answers every hostile performer name on GET and the image DELETEs with a 4xx, never a 500 (fast-check)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/v1/account_settings", "/v1/account_profileimage", "/v1/account_bannerimage"),
        fc.oneof(
          fc.string(),
          fc.string({ unit: "grapheme", maxLength: 70 }),
          fc.constantFrom("bella", "cleo", "Nobody"),
        ),
        async (path, performer) => {
          const before = (await site.get("/v1/account_settings?performer=bella", bob.token)).json();
          const response = await site.app.inject({
            method: path === "/v1/account_settings" ? "GET" : "DELETE",
            url: `${path}?performer=${encodeURIComponent(performer)}`,
            headers: { authorization: `Bearer ${ann.token}` },
          });
          expect(response.statusCode, performer).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, performer).toBeLessThan(500);
          expect(
            await site.get("/v1/account_settings?performer=bella", bob.token).then((r) => r.json()),
          ).toEqual(before);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("answers every hostile socials body with a 2xx or 4xx and never half-writes (fast-check)", async () => {
    const link = fc.oneof(
      fc.constantFrom(
        "",
        "https://x.com/a",
        "https://www.reddit.com/r/a",
        "http://t.me/a",
        "javascript:alert(1)",
      ),
      fc.webUrl(),
      fc.string({ maxLength: 40 }),
      fc.anything(),
    );
    const networks = fc.constantFrom(
      "twitter",
      "reddit",
      "telegram",
      "onlyfans",
      "fansly",
      "other",
      "__proto__",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ performer: fc.constantFrom("alice", "cleo"), socials: fc.dictionary(networks, link) }),
          fc.jsonValue(),
        ),
        async (payload) => {
          const before = await stored();
          const response = await site.app.inject({
            method: "POST",
            url: "/v1/account_socials",
            payload: JSON.stringify(payload),
            headers: { "content-type": "application/json", authorization: `Bearer ${ann.token}` },
          });
          const label = JSON.stringify(payload);
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode !== 200) expect(await stored(), label).toEqual(before);
          else
            for (const url of Object.values(response.json().socials as Record<string, string>))
              expect(url.startsWith("https://"), label).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});
