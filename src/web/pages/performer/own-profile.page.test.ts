import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { BROWSER } from "../../../../tests/helpers/page-html.ts";
import { type PerformerFixture, seedPerformerFixture } from "../../../../tests/helpers/performer-fixture.ts";
import { loadConfig } from "../../../config.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";

const PICTURE = `/images/profiles/${"a".repeat(64)}.webp`;
const BANNER = `/images/profiles/${"b".repeat(64)}.webp`;

const clean = (html: string) => html.replaceAll("<!-- -->", "");
const sectionOf = (html: string, id: string) => {
  const start = html.indexOf(`id="${id}"`);
  if (start < 0) return "";
  const end = html.indexOf("</section>", start);
  return html.slice(start, end);
};

/**
 * The verified performer's own profile on the performer page and /schedule/{user} (issue 19):
 * server-rendered, escaped, goals' tokens only when shown, links marked as the performer's; a
 * performer without a verified account shows none of it.
 */
describe("a verified performer's profile on the pages", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let f: PerformerFixture;

  const setProfile = async (values: { showGoalDetails: boolean }) => {
    await sql`
      INSERT INTO performer_profiles (performer_id, about_me, schedule, goals, show_goal_details, socials,
        profile_image, banner_image, tip_menu, updated_at)
      VALUES (${f.live.id}, ${"My own words & <b>more\nsecond line, www.spam.example.com"},
        ${JSON.stringify({
          timezone: "Europe/Amsterdam",
          slots: [
            { day: 2, start: "19:00", end: "22:00" },
            { day: 5, start: "22:00", end: "24:00" },
            { day: 6, start: "00:00", end: "02:00" },
          ],
        })}::jsonb,
        ${JSON.stringify([
          { text: "New <img src=x onerror=alert(1)> lights", tokens: 5000 },
          { text: "Trip to Lisbon", tokens: null },
        ])}::jsonb,
        ${values.showGoalDetails},
        ${JSON.stringify({ instagram: "https://instagram.com/alice_cam", twitter: "https://x.com/alice_cam" })}::jsonb,
        ${PICTURE}, ${BANNER},
        ${JSON.stringify([
          { item: "Oil show <i>", itemKey: "oil show i", tokens: 350 },
          { item: "PM", itemKey: "pm", tokens: 25 },
        ])}::jsonb, now())
      ON CONFLICT (performer_id) DO UPDATE SET show_goal_details = EXCLUDED.show_goal_details`.execute(t.db);
  };

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    f = await seedPerformerFixture(t.db);
    const user = await t.db
      .insertInto("users")
      .values({ email: "alice@example.com" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO performer_owners (performer_id, user_id, verified_at)
      VALUES (${f.live.id}, ${user.id}, now())`.execute(t.db);
    await setProfile({ showGoalDetails: false });
    app = testApp(t.db, { config: loadConfig({ PLATFORM_NAME: "TestCams" }), pageCache: false });
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  const get = async (url: string) => {
    const response = await app.inject({ method: "GET", url, headers: { "user-agent": BROWSER } });
    return { status: response.statusCode, headers: response.headers, html: clean(response.body) };
  };

  it("shows the mark, pictures, own about-me, schedule, goals and links on the performer page", async () => {
    const { status, headers, html } = await get("/alice_cam");
    expect(status).toBe(200);
    expect(headers["cache-control"]).toBe("public, max-age=60");
    expect(html).toContain('<p class="verified-mark"');
    expect(html).toContain("Verified performer</p>");
    expect(html).toContain(`src="${BANNER}" alt=""`);
    expect(html).toContain(`src="${PICTURE}" alt="alice_cam"`);
    // The performer's own words replace the fetched bio, under SPEC §5, escaped.
    expect(html).toContain("My own words &amp; &lt;b&gt;more");
    expect(html).not.toContain("Add me on");
    expect(html).not.toContain("spam.example.com");
    expect(html).not.toContain("<b>more");
    expect(html).toContain("second line");
    // The schedule in the performer's zone, named, until the browser knows the visitor's.
    const schedule = sectionOf(html, "own-schedule-title");
    expect(schedule).toContain("Times in Europe/Amsterdam, alice_cam&#x27;s time zone.");
    expect(schedule).toMatch(
      /Next stream: (today|tomorrow|[A-Z][a-z]+day) \d\d:\d\d \(Europe\/Amsterdam\)|Streaming now/,
    );
    expect(schedule).toContain("19:00 to 22:00");
    expect(schedule).toContain("22:00 to 24:00");
    // Goals: the text always (escaped), the tokens not while hidden.
    const goals = sectionOf(html, "own-goals-title");
    expect(goals).toContain("New &lt;img src=x onerror=alert(1)&gt; lights");
    expect(goals).toContain("Trip to Lisbon");
    expect(goals).not.toContain("tokens");
    // The tip menu shows its prices, each line linked to what others ask for it.
    const menu = sectionOf(html, "own-tipmenu-title");
    expect(menu).toContain("Oil show &lt;i&gt;");
    expect(menu).toContain("350 tokens");
    expect(menu).toContain("25 tokens");
    expect(menu).toContain('href="/tipmenu/Oil%20show%20%3Ci%3E/all"');
    expect(menu).toContain('href="/tipmenu/PM/all"');
    expect(html).not.toContain("<img src=x");
    // Links in the networks' order, as the performer's.
    const links = [
      ...sectionOf(html, "own-socials-title").matchAll(/<a href="([^"]+)" rel="([^"]+)" target="([^"]+)"/g),
    ];
    expect(links.map((m) => [m[1], m[2], m[3]])).toEqual([
      ["https://x.com/alice_cam", "nofollow noopener ugc", "_blank"],
      ["https://instagram.com/alice_cam", "nofollow noopener ugc", "_blank"],
    ]);
  });

  it("shows the goals' tokens once the performer shows them", async () => {
    await setProfile({ showGoalDetails: true });
    try {
      const goals = sectionOf((await get("/alice_cam")).html, "own-goals-title");
      expect(goals).toContain("5,000 tokens");
    } finally {
      await setProfile({ showGoalDetails: false });
    }
  });

  it("makes the schedule the main content of /schedule/{user}", async () => {
    const { status, headers, html } = await get("/schedule/alice_cam");
    expect(status).toBe(200);
    expect(headers["cache-control"]).toBe("public, max-age=60");
    expect(html.indexOf('id="own-schedule-title"')).toBeGreaterThan(html.indexOf("<h1"));
    expect(html.indexOf('id="own-schedule-title"')).toBeLessThan(html.indexOf("performer__usually"));
    expect(html).toContain("Verified performer");
    expect(html).toContain("Times in Europe/Amsterdam");
    expect(sectionOf(html, "own-about-title")).toContain("My own words &amp; &lt;b&gt;more");
    expect(sectionOf(html, "own-socials-title")).toContain('rel="nofollow noopener ugc"');
  });

  it("shows none of it for a performer without a verified account", async () => {
    for (const url of ["/bob_cam", "/schedule/bob_cam"]) {
      const { status, html } = await get(url);
      expect(status).toBe(200);
      for (const part of [
        "verified-mark",
        "own-banner",
        "own-schedule-title",
        "own-goals",
        "own-tipmenu",
        "own-socials",
        "own-about",
      ])
        expect(html).not.toContain(part);
    }
  });

  it("shows none of it once the account is no longer the owner", async () => {
    await sql`DELETE FROM performer_owners WHERE performer_id = ${f.live.id}`.execute(t.db);
    const { html } = await get("/alice_cam");
    expect(html).not.toContain("verified-mark");
    expect(html).not.toContain("My own words");
    // The fetched bio is back.
    expect(html).toContain("Hi, I&#x27;m Alice!");
  });
});
