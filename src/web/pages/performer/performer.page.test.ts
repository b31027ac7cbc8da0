import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { insertUser } from "../../../../tests/helpers/list-alerts.ts";
import { BROWSER, canonical } from "../../../../tests/helpers/page-html.ts";
import { type PerformerFixture, seedPerformerFixture } from "../../../../tests/helpers/performer-fixture.ts";
import { loadConfig } from "../../../config.ts";
import { recordThumbStored } from "../../../db/queries/performer-thumbs.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";

const PLATFORM = "TestCams";
const IMAGE_HOST = "http://images.test";
const GOOGLEBOT = "Googlebot/2.1 (+http://www.google.com/bot.html)";
/** A person's browser: inject's own user agent (lightMyRequest) reads as a bot to isbot. */

// React separates adjacent text with <!-- -->, which a browser ignores; so do these tests.
const clean = (html: string) =>
  html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

/** The heat map's cell of a weekday's row and UTC hour, as markup. */
function heatCell(heat: string, weekday: string, hour: number): string | undefined {
  const row = new RegExp(`<th scope="row" abbr="${weekday}">[^<]*</th>(.*?)</tr>`).exec(heat)?.[1] ?? "";
  return row.match(/<td[^>]*>[^<]*<\/td>/g)?.[hour];
}
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const h1 = (html: string) => [...html.matchAll(/<h1[^>]*>([^<]*)<\/h1>/g)].map((m) => m[1]);
/** The text of the section whose heading has this id (up to the next section). */
/** From a section's heading to the next heading (sections hold sections: tables' scroll boxes). */
const section = (html: string, id: string) => {
  const start = html.indexOf(`id="${id}"`);
  if (start < 0) return "";
  const next = html.indexOf("<h2", start);
  return html.slice(start, next < 0 ? undefined : next);
};

describe("the performer pages and the token page", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let f: PerformerFixture;

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    f = await seedPerformerFixture(t.db);
    // The default slug (camsandbox): the token page is /camsandbox-tokens.
    app = testApp(t.db, {
      imageHost: IMAGE_HOST,
      config: loadConfig({ PLATFORM_NAME: PLATFORM }),
      pageCache: false,
    });
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  const get = async (url: string, userAgent = BROWSER) => {
    const response = await app.inject({ method: "GET", url, headers: { "user-agent": userAgent } });
    return { status: response.statusCode, headers: response.headers, html: clean(response.body) };
  };

  describe("/{performerName}", () => {
    it("hands the page the kept profile thumbnail's address, with its hash, only once one is kept", async () => {
      expect((await get("/bob_cam")).html).not.toContain("/profile/bob_cam-thumb.jpg");
      await recordThumbStored(t.db, {
        performerId: f.offline.id,
        day: "2026-01-01",
        storedAt: new Date(),
        hash: "feedfacecafe0123",
      });
      const { html } = await get("/bob_cam");
      expect(html).toContain("/profile/bob_cam-thumb.jpg?v=feedfacecafe");
      // The picture itself waits for the browser's age-verification check (SPEC §6): not in the markup.
      expect(html).not.toContain('src="/profile/bob_cam-thumb.jpg');
      await sql`DELETE FROM performer_thumbs`.execute(t.db);
    });

    it("shows the profile, live state, badges and links", async () => {
      const { status, headers, html } = await get("/alice_cam");
      expect(status).toBe(200);
      expect(headers["cache-control"]).toBe("public, max-age=60");
      expect(title(html)).toBe(`alice_cam (Alice) on ${PLATFORM}: stats, streams and schedule`);
      expect(canonical(html)).toBe("http://localhost/alice_cam");
      expect(h1(html)).toEqual(["alice_cam"]);
      expect(html).toContain('<span class="live-badge">Live</span>');
      expect(html).toContain("Public");
      expect(html).toContain("321 viewers now");
      expect(html).toContain('href="/go/alice_cam"');
      for (const fact of ["Female", "24", "Berlin", "English, German", "1,500 (more than 1,000 followers)"])
        expect(html).toContain(fact);
      expect(html).toContain('aria-label="Germany"');
      // SPEC §5: the address removed, the banned word masked.
      expect(html).toContain("Hi, I'm Alice! Add me on ***** or visit for more.");
      expect(html).not.toContain("alice.example.com");
      expect(html).toContain('href="/tag/latina"');
      // Badges: best rank 7 is Top 10; a 2,500 peak is Big League (SPEC §9).
      expect(html).toContain(">Top 10</li>");
      expect(html).toContain(">Big League</li>");
      expect(html).toContain(">more than 1,000 followers</li>");
      for (const link of [
        "/schedule/alice_cam",
        "/monthly_summary/alice_cam",
        "/camsandbox_wrapped/alice_cam",
      ])
        expect(html).toContain(`href="${link}"`);
    });

    it("shows the approved fan quotes alone, newest first, with the fan's name or 'a fan'", async () => {
      const named = await insertUser(t.db, "named-fan@example.com");
      await sql`UPDATE users SET name = 'Maya' WHERE id = ${named}`.execute(t.db);
      const nameless = await insertUser(t.db, "nameless-fan@example.com");
      const quote = (user: string, text: string, status: string, reviewedAt: string | null) =>
        sql`
        INSERT INTO fan_quotes (performer_id, user_id, quote, status, reviewed_at)
        VALUES (${f.live.id}, ${user}, ${text}, ${status}, ${reviewedAt})`.execute(t.db);
      await quote(named, "The kindest room on the site", "approved", "2026-03-02T10:00:00Z");
      await quote(nameless, "Always <b>on time</b>", "approved", "2026-03-05T10:00:00Z");
      await quote(named, "Not reviewed yet", "pending", null);
      await quote(nameless, "Turned down", "rejected", "2026-03-06T10:00:00Z");
      const fans = section((await get("/alice_cam")).html, "fans-title");
      await sql`DELETE FROM fan_quotes`.execute(t.db);
      expect(fans).toContain("What fans say");
      const quotes = [...fans.matchAll(/<blockquote>(.*?)<\/blockquote>/g)].map((m) => m[1]);
      expect(quotes).toEqual(["Always &lt;b&gt;on time&lt;/b&gt;", "The kindest room on the site"]);
      expect(fans).toContain('a fan, <time dateTime="2026-03-05">2026-03-05</time>');
      expect(fans).toContain('Maya, <time dateTime="2026-03-02">2026-03-02</time>');
      expect(fans).toContain("Suggest a tag or a summary, or write a quote");
      const none = section((await get("/alice_cam")).html, "fans-title");
      expect(none).toContain("No fan quotes about alice_cam yet.");
    });

    it("charts followers, viewers and rank as tables before scripts", async () => {
      const { html } = await get("/alice_cam");
      expect(html).toContain("Followers at the end of each day");
      expect(html).toContain("Peak viewers per day");
      expect(html).toContain("Best rank per day (1 is the top)");
      // 41 days of history, one row each in the three tables.
      const charts = section(html, "charts-title");
      expect(charts.match(new RegExp(f.today, "g"))?.length).toBe(3);
      expect(charts).toContain("1,480");
    });

    it("lists the sessions newest first, and one session's every field with ?stream", async () => {
      const { html } = await get("/alice_cam");
      const streams = section(html, "streams-title");
      const links = [...streams.matchAll(/\?stream=(\d+)#stream-details/g)].map((m) => m[1]);
      expect(links).toEqual(f.streamIds);
      expect(streams).not.toContain('id="stream-details"');

      const oldest = f.streamIds[2] as string;
      const detail = await get(`/alice_cam?stream=${oldest}`);
      expect(detail.status).toBe(200);
      const fields = [
        ...detail.html.matchAll(/data-field="([a-zA-Z]+)"><dt>[^<]*<\/dt><dd>([^<]*)<\/dd>/g),
      ].map((m) => [m[1], m[2]]);
      expect(Object.fromEntries(fields)).toMatchObject({
        followersStart: "1,400",
        followersEnd: "1,430",
        maxViewers: "300",
        avgViewers: "200",
        bestRank: "7",
        bestGenderRank: "3",
        avgRank: "15",
        avgGenderRank: "5.5",
        tags: "#latina #bigboobs",
      });
      expect(fields.map((x) => x[0]).slice(0, 10)).toEqual([
        "startTime",
        "endTime",
        "followersStart",
        "followersEnd",
        "maxViewers",
        "avgViewers",
        "bestRank",
        "bestGenderRank",
        "avgRank",
        "avgGenderRank",
      ]);
    });

    it("shades the weekly heat map, Monday to Sunday, and offers 1, 4, 12 and 54 weeks", async () => {
      const { html } = await get("/alice_cam");
      const heat = section(html, "hours-title");
      const rows = [...heat.matchAll(/<th scope="row" abbr="([A-Za-z]+)">/g)].map((m) => m[1]);
      expect(rows).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
      expect(heat.match(/<td class="shade-4"/g)?.length).toBe(8);
      expect(heat.match(/<td class="shade-[123]"/g)).toBeNull();
      // Every cell says its minutes; those with time online detail them in a title.
      expect(heatCell(heat, "Monday", 18)).toBe('<td class="shade-4" title="240 min on 4 days">240 min</td>');
      expect(heatCell(heat, "Monday", 17)).toBe("<td>0 min</td>");
      expect(heat).toContain("over the last 4 weeks");
      for (const weeks of [1, 4, 12, 54])
        expect(heat).toContain(`href="/alice_cam?weeks=${weeks}#hours-title"`);
      const twelve = await get("/alice_cam?weeks=12");
      expect(heatCell(section(twelve.html, "hours-title"), "Thursday", 21)).toBe(
        '<td class="shade-4" title="720 min on 12 days">720 min</td>',
      );
    });

    it("draws the activity calendar with a title per day, and the daily aggregates", async () => {
      const { html } = await get("/alice_cam");
      const calendar = section(html, "calendar-title");
      expect(calendar).toContain(`<title>${f.today}: 4 h online, 1 stream</title>`);
      expect(calendar).toContain(`class="shade-3"><title>${f.today}: 4 h online, 1 stream</title>`);
      const daily = section(html, "daily-title");
      expect(daily.match(/<tr>/g)?.length).toBe(31);
      expect(daily).toContain(`<time datetime="${f.today}">`);
      expect(daily).toContain("+12");
    });

    it("lists the viewer milestones reached with their first days, and the next", async () => {
      const { html } = await get("/alice_cam");
      const milestones = section(html, "milestones-title");
      expect(milestones).toContain(`1,000 viewers</strong> first on <time dateTime="${f.days.first1000}">`);
      expect(milestones).toContain(`2,000 viewers</strong> first on <time dateTime="${f.days.first2000}">`);
      expect(milestones).toContain("Next milestone: 5,000 viewers (peak so far 2,500).");
    });

    it("says when an offline performer was last live", async () => {
      const { status, html } = await get("/bob_cam");
      expect(status).toBe(200);
      expect(html).toContain('<p class="live-seen">live 3 days ago</p>');
      expect(html).not.toContain('<span class="live-badge">');
      expect(html).toContain("Just starting up - not many followers yet");
      expect(html).toContain(">Ethereal Ghost</li>");
      expect(html).toContain("No viewer milestone reached yet.");
    });

    it("gives crawlers no live lookup and the whole text", async () => {
      const { status, html } = await get("/alice_cam", GOOGLEBOT);
      expect(status).toBe(200);
      expect(html).not.toContain("live-badge");
      expect(html).not.toContain("viewers now");
      expect(html).toContain("Hi, I'm Alice!");
    });

    it("sends capitals to the lowercase address with a 301, the query kept", async () => {
      const first = await get("/Alice_Cam");
      expect(first.status).toBe(301);
      expect(first.headers.location).toBe("/alice_cam");
      const withQuery = await get("/ALICE_CAM?weeks=12");
      expect(withQuery.status).toBe(301);
      expect(withQuery.headers.location).toBe("/alice_cam?weeks=12");
    });

    it("is the 404 page for unknown, opted-out and impossible names, and bad parameters", async () => {
      for (const url of [
        "/nobody_here",
        "/gone_cam",
        "/-dash",
        "/a%20b",
        `/${"a".repeat(65)}`,
        "/alice_cam?weeks=5",
        "/alice_cam?weeks=4&weeks=12",
        "/alice_cam?stream=abc",
        "/alice_cam?stream=123",
        "/alice_cam?stream=1&stream=2",
      ]) {
        const { status, html } = await get(url);
        expect(status, url).toBe(404);
        expect(html, url).toContain("Page not found");
      }
    });
  });

  describe("/model/{user}", () => {
    it("is the performer page, canonical /{user}", async () => {
      const { status, html } = await get("/model/alice_cam");
      expect(status).toBe(200);
      expect(canonical(html)).toBe("http://localhost/alice_cam");
      expect(h1(html)).toEqual(["alice_cam"]);
      expect(html).toContain('href="/model/alice_cam?weeks=12#hours-title"');
    });
    it("lowercases with a 301 and 404s like the performer page", async () => {
      const { status, headers } = await get("/model/Alice_Cam");
      expect(status).toBe(301);
      expect(headers.location).toBe("/model/alice_cam");
      for (const url of ["/model/gone_cam", "/model/nobody_here", "/model/-x"])
        expect((await get(url)).status).toBe(404);
    });
  });

  describe("/schedule/{user}", () => {
    it("says the usual days and hours, with the heat map, calendar and last streams", async () => {
      const { status, headers, html } = await get("/schedule/alice_cam");
      expect(status).toBe(200);
      expect(headers["cache-control"]).toBe("public, max-age=60");
      expect(title(html)).toBe(`alice_cam's schedule on ${PLATFORM}`);
      expect(canonical(html)).toBe("http://localhost/schedule/alice_cam");
      expect(h1(html)).toEqual(["alice_cam's schedule"]);
      expect(html).toContain("Usually online Mondays and Thursdays, 18:00–22:00 UTC");
      expect(section(html, "hours-title")).toContain("over the last 12 weeks");
      expect(html).toContain('href="/alice_cam"');
      expect(section(html, "calendar-title")).toContain("<rect");
      expect(section(html, "last-streams-title").match(/<li>/g)?.length).toBe(3);
    });
    it("reads ?weeks, lowercases with a 301 and 404s like the performer page", async () => {
      expect((await get("/schedule/alice_cam?weeks=1")).html).toContain("over the last week");
      const upper = await get("/schedule/Alice_Cam");
      expect(upper.status).toBe(301);
      expect(upper.headers.location).toBe("/schedule/alice_cam");
      for (const url of ["/schedule/gone_cam", "/schedule/nobody_here", "/schedule/alice_cam?weeks=2"])
        expect((await get(url)).status).toBe(404);
    });
  });

  describe("/{platform}-tokens", () => {
    it("lists the live token goals and the week's goals", async () => {
      const { status, headers, html } = await get("/camsandbox-tokens");
      expect(status).toBe(200);
      expect(headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=60");
      expect(title(html)).toBe(`${PLATFORM} tokens: token goals live now and this week`);
      expect(canonical(html)).toBe("http://localhost/camsandbox-tokens");
      expect(h1(html)).toEqual([`${PLATFORM} tokens`]);
      const live = section(html, "tokens-live-title");
      expect(live).toMatch(
        /<a href="\/alice_cam">alice_cam<\/a><\/td><td class="num">500<\/td><td class="num">–<\/td><td class="num">321<\/td>/,
      );
      const week = section(html, "tokens-week-title");
      expect(week).toContain(
        "4 of 4 streams (100%) set a token goal; the median goal stated was 500 tokens (over 3 streams).",
      );
      expect(week).toMatch(/500 to 999<\/th><td class="num">2</);
      expect(week).toMatch(/1,000 to 4,999<\/th><td class="num">1</);
    });
    it("lowercases with a 301; crawlers get no live lookup; another slug is a performer name", async () => {
      const upper = await get("/CamSandbox-Tokens");
      expect(upper.status).toBe(301);
      expect(upper.headers.location).toBe("/camsandbox-tokens");
      const crawler = await get("/camsandbox-tokens", GOOGLEBOT);
      expect(crawler.status).toBe(200);
      expect(crawler.html).toContain("The rooms online now are not known at the moment.");
      expect(crawler.html).not.toContain('href="/alice_cam"');
      expect((await get("/testcams-tokens")).status).toBe(404);
    });
    it("is served for a minute past its time while one render refreshes it (the server's page cache)", async () => {
      let now = 1_000_000;
      const cached = testApp(t.db, {
        config: loadConfig({ PLATFORM_NAME: PLATFORM }),
        pageCache: { now: () => now },
      });
      try {
        const visit = () =>
          cached.inject({ method: "GET", url: "/camsandbox-tokens", headers: { "user-agent": BROWSER } });
        const first = await visit();
        expect((await visit()).headers.age).toBe("0"); // the second render is kept
        now += 60_000;
        // Expired: the kept copy is served at once, its Age past its max-age, and a render starts.
        const stale = await visit();
        expect(stale.statusCode).toBe(200);
        expect(stale.headers.age).toBe("60");
        expect(clean(stale.body)).toBe(clean(first.body));
        // The refresh runs behind the visitor; once it is kept, the page is fresh again.
        let age = stale.headers.age;
        for (let tries = 0; tries < 100 && age !== "0"; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          age = (await visit()).headers.age;
        }
        expect(age).toBe("0");
        // Past the minute of grace with no visit, nothing stale is served: a visitor waits for a render.
        now += 121_000;
        const late = await visit();
        expect(late.headers.age).toBe("0");
      } finally {
        await cached.close();
      }
    });
  });
});
