import { describe, expect, it } from "vitest";
import { testApp } from "../../../../tests/helpers/api.ts";
import {
  FIRST_DAY,
  fixtureRows,
  LATEST_DAY,
  MIDDLE_DAY,
  writeDailyViewerFixture,
} from "../../../../tests/helpers/daily-viewer-files.ts";
import { insertPerformer } from "../../../../tests/helpers/fixtures.ts";
import { BROWSER, canonical } from "../../../../tests/helpers/page-html.ts";
import { pageTestSite } from "../../../../tests/helpers/page-test-site.ts";
import { loadConfig } from "../../../config.ts";

const PLATFORM = "TestCams";
const IMAGE_HOST = "http://images.test";
const GOOGLEBOT = "Googlebot/2.1 (+http://www.google.com/bot.html)";
/** A person's browser: inject's own user agent (lightMyRequest) reads as a bot to isbot. */

// React separates adjacent text with <!-- -->, which a browser ignores; so do these tests.
const clean = (html: string) => html.replaceAll("<!-- -->", "");
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const description = (html: string) => /<meta name="description" content="([^"]*)"\/>/.exec(html)?.[1];
/** The usernames of the table's rows, in order. */
const rowNames = (html: string) => [...html.matchAll(/<tr id="([^"]+)" data-username=/g)].map((m) => m[1]);
/** The href of the link with this rel (prev, next), or undefined when there is none. */
const hrefOf = (html: string, rel: string) => {
  const link = new RegExp(`<a [^>]*rel="${rel}"[^>]*>`).exec(html)?.[0];
  return link === undefined ? undefined : /href="([^"]*)"/.exec(link)?.[1];
};
const decode = (text: string) => text.replaceAll("&amp;", "&").replaceAll("&#x27;", "'");

describe("the daily viewer ranking pages", () => {
  const live = [fixtureRows(LATEST_DAY, "all")[1]?.u, fixtureRows(LATEST_DAY, "all")[70]?.u] as string[];
  const site = pageTestSite({
    fixture: () => writeDailyViewerFixture({ abbr: "tc", online: [...live, "someone_else"] }),
    app: {
      imageHost: IMAGE_HOST,
      config: loadConfig({ PLATFORM_NAME: PLATFORM, PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }),
    },
  });
  const { get } = site;

  const forms: [url: string, title: string, canonical: string, rows: string[]][] = [
    ["/top/viewers", `Top models on ${PLATFORM} for the last day`, "/top/viewers", names(LATEST_DAY, "all")],
    [
      "/top/viewers/all",
      `Top models on ${PLATFORM} for the last day`,
      "/top/viewers",
      names(LATEST_DAY, "all"),
    ],
    [
      "/top/viewers/women",
      `Top Female models on ${PLATFORM} for the last day`,
      "/top/viewers/women",
      names(LATEST_DAY, "women"),
    ],
    [
      "/top/viewers/couples",
      `Top Couples models on ${PLATFORM} for the last day`,
      "/top/viewers/couples",
      names(LATEST_DAY, "couples"),
    ],
    [
      "/top/viewers/trans",
      `Top Trans models on ${PLATFORM} for the last day`,
      "/top/viewers/trans",
      names(LATEST_DAY, "trans"),
    ],
    [
      "/top/viewers/women/asian",
      `Top asian Female models on ${PLATFORM} for the last day`,
      "/top/viewers/women/asian",
      names(LATEST_DAY, "women", "asian"),
    ],
    [
      "/top/viewers/asian",
      `Top asian models on ${PLATFORM} for the last day`,
      "/top/viewers/asian",
      names(LATEST_DAY, "all", "asian"),
    ],
    [
      "/top/viewers/men/muscle",
      `Top muscle Male models on ${PLATFORM} for the last day`,
      "/top/viewers/men/muscle",
      names(LATEST_DAY, "men", "muscle"),
    ],
    [
      `/top/viewers/${MIDDLE_DAY}`,
      `Top models on ${PLATFORM} on ${MIDDLE_DAY}`,
      `/top/viewers/${MIDDLE_DAY}`,
      names(MIDDLE_DAY, "all"),
    ],
    [
      `/top/viewers/men/${MIDDLE_DAY}`,
      `Top Male models on ${PLATFORM} on ${MIDDLE_DAY}`,
      `/top/viewers/men/${MIDDLE_DAY}`,
      names(MIDDLE_DAY, "men"),
    ],
    [
      `/top/viewers/women/asian/${FIRST_DAY}`,
      `Top asian Female models on ${PLATFORM} on ${FIRST_DAY}`,
      `/top/viewers/women/asian/${FIRST_DAY}`,
      names(FIRST_DAY, "women", "asian"),
    ],
    [
      `/top/viewers/asian/${MIDDLE_DAY}`,
      `Top asian models on ${PLATFORM} on ${MIDDLE_DAY}`,
      `/top/viewers/asian/${MIDDLE_DAY}`,
      names(MIDDLE_DAY, "all", "asian"),
    ],
    // The latest day named in the address: its own title, but the canonical address has no date.
    [
      `/top/viewers/${LATEST_DAY}`,
      `Top models on ${PLATFORM} on ${LATEST_DAY}`,
      "/top/viewers",
      names(LATEST_DAY, "all"),
    ],
  ];

  function names(day: string, gender: Parameters<typeof fixtureRows>[1], tag?: string): string[] {
    return fixtureRows(day, gender, tag, tag ? 12 : undefined).map((r) => r.u);
  }

  for (const [url, expectedTitle, expectedCanonical, expectedRows] of forms) {
    it(`${url} answers 200 with the whole table, its title and canonical address`, async () => {
      const { status, headers, html } = await get(url);
      expect(status).toBe(200);
      expect(headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(headers["cache-control"]).toBe("public, max-age=60");
      expect(decode(title(html) ?? "")).toBe(expectedTitle);
      expect(decode(html)).toContain(`<h1 class="daily-viewers__title">${expectedTitle}</h1>`);
      expect(canonical(html)).toBe(`http://localhost${expectedCanonical}`);
      expect(description(html)).toMatch(/^The 100 .*with the most viewers at once on TestCams/);
      // Every row is in the server's HTML (no scripts needed), ranked, with its performer link.
      expect(rowNames(html)).toEqual(expectedRows);
      for (const name of expectedRows.slice(0, 3)) expect(html).toContain(`href="/${name}"`);
    });
  }

  it("shows the columns of SPEC §2's ranking table in viewers mode", async () => {
    const { html } = await get("/top/viewers");
    const head = /<thead>(.*?)<\/thead>/s.exec(html)?.[1] ?? "";
    expect([...head.matchAll(/<th scope="col"[^>]*>([^<]*)/g)].map((m) => m[1]?.trim())).toEqual([
      "Rank",
      "Performer",
      "Tags",
      "Viewers",
      "Followers",
      "Live",
    ]);
    const first = /<tr id="p0_001".*?<\/tr>/s.exec(html)?.[0] ?? "";
    // 12,000 viewers: the threshold 12000+; followers and the 7-day change.
    expect(first).toContain('<td class="viewer-table__rank">1</td>');
    expect(first).toContain(">12,000+</td>");
    expect(first).toContain("200,000");
    expect(first).toContain("+1,250");
    const second = /<tr id="p0_002".*?<\/tr>/s.exec(html)?.[0] ?? "";
    expect(second).toContain("−41");
    // A tag with a list links to it; one without stays text.
    expect(first).toMatch(/href="\/top\/viewers\/asian"[^>]*>#asian<\/a>/);
    const third = /<tr id="p0_003".*?<\/tr>/s.exec(html)?.[0] ?? "";
    expect(third).toContain("<li>#muscle</li>");
  });

  it("hides Next on the latest day and links the day before without the tag it lacks", async () => {
    const latest = (await get("/top/viewers/latina")).html;
    expect(hrefOf(latest, "next")).toBeUndefined();
    expect(latest).not.toContain("Next day");
    // The day before has no latina list: Prev goes to the day's list for the same gender.
    expect(hrefOf(latest, "prev")).toBe(`/top/viewers/${MIDDLE_DAY}`);
    const asian = (await get("/top/viewers/women/asian")).html;
    expect(hrefOf(asian, "prev")).toBe(`/top/viewers/women/asian/${MIDDLE_DAY}`);
  });

  it("links Prev and Next around an earlier day, leaving the date out for the latest", async () => {
    const middle = (await get(`/top/viewers/women/${MIDDLE_DAY}`)).html;
    expect(hrefOf(middle, "prev")).toBe(`/top/viewers/women/${FIRST_DAY}`);
    expect(hrefOf(middle, "next")).toBe("/top/viewers/women");
    const first = (await get(`/top/viewers/${FIRST_DAY}`)).html;
    expect(hrefOf(first, "prev")).toBeUndefined();
    expect(first).toContain("No earlier day");
    expect(hrefOf(first, "next")).toBe(`/top/viewers/${MIDDLE_DAY}`);
  });

  it("reads a date segment that is not a date as the tag", async () => {
    // /top/viewers/{tag}/{date} with asian in the date's place: women's asian list.
    const { status, html } = await get("/top/viewers/women/asian");
    expect(status).toBe(200);
    expect(rowNames(html)[0]).toBe("wasian_0_001");
    // Not a real date, so a tag; and no list has that tag.
    expect((await get("/top/viewers/women/2026-02-30")).status).toBe(404);
  });

  it("reads a tag that is a gender word as the gender", async () => {
    const { status, html } = await get("/top/viewers/men");
    expect(status).toBe(200);
    expect(title(html)).toBe(`Top Male models on ${PLATFORM} for the last day`);
    expect(rowNames(html)).toEqual(names(LATEST_DAY, "men"));
    expect(html).toMatch(/aria-current="page" href="\/top\/viewers\/men"[^>]*>Male<\/a>/);
  });

  for (const [url, why] of [
    ["/top/viewers/nosuchtag", "an unknown tag"],
    ["/top/viewers/women/latina", "a tag without a list for that gender"],
    [`/top/viewers/latina/${MIDDLE_DAY}`, "a tag without a list that day"],
    ["/top/viewers/2026-01-07", "a day before the first"],
    ["/top/viewers/2026-01-11", "a day after the latest"],
    [`/top/viewers/trans/${FIRST_DAY}`, "a day without that list's file"],
    ["/top/viewers/asian/latina", "two tags"],
    ["/top/viewers/women/asian/2026-01-10/x", "too many segments"],
  ] as const) {
    it(`answers ${why} with the 404 page, status 404`, async () => {
      const { status, html } = await get(url);
      expect(status).toBe(404);
      expect(html).toContain("<h1>Page not found</h1>");
      expect(title(html)).toBe("Page not found | camstats");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toContain('<footer class="site-footer">');
    });
  }

  it("is a 503 'on their way' page, not a 404, when nothing has been published yet", async () => {
    const empty = testApp(site.db, { publishDir: "/nonexistent/publish" });
    try {
      const response = await empty.inject({ method: "GET", url: "/top/viewers" });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain("<h1>The first rankings are on their way</h1>");
    } finally {
      await empty.close();
    }
  });

  it("sends the tag picker's form (no scripts) to the tag's address", async () => {
    const response = await site.app.inject({ method: "GET", url: "/top/viewers/women?tag=%23Asian" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/top/viewers/women/asian");
    const dated = await site.app.inject({
      method: "GET",
      url: `/top/viewers/${MIDDLE_DAY}?tag=asian&live=1`,
    });
    expect(dated.headers.location).toBe(`/top/viewers/asian/${MIDDLE_DAY}?live=1`);
    const cleared = await site.app.inject({ method: "GET", url: "/top/viewers/asian?tag=" });
    expect(cleared.headers.location).toBe("/top/viewers");
  });

  it("renders the controls: gender tabs keeping the tag where it has a list, picker, cloud, switch", async () => {
    const { html } = await get("/top/viewers/asian");
    const tabs = /<nav class="gender-tabs".*?<\/nav>/s.exec(html)?.[0] ?? "";
    expect([...tabs.matchAll(/href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]])).toEqual([
      ["/top/viewers/asian", "All"],
      ["/top/viewers/couples", "Couples"],
      ["/top/viewers/women/asian", "Female"],
      ["/top/viewers/men", "Male"],
      ["/top/viewers/trans", "Trans"],
    ]);
    expect(html).toContain('placeholder="pick a tag"');
    expect(html).toContain('<form class="tag-picker" action="/top/viewers/asian" method="get">');
    // The cloud holds the day's tags that have lists, sized by count (asian 120, latina 100).
    const cloud = /<section class="tag-cloud".*?<\/section>/s.exec(html)?.[0] ?? "";
    expect(
      [...cloud.matchAll(/style="--tag-size:(\d+)"[^>]*href="([^"]*)"/g)].map((m) => [m[2], m[1]]),
    ).toEqual([
      ["/top/viewers/asian", "80"],
      ["/top/viewers/latina", "25"],
    ]);
    expect(html).toMatch(
      /<a class="live-switch" href="\/top\/viewers\/asian\?live=1" role="switch" aria-checked="false"/,
    );
  });

  it("links the other rankings, the overview, the site's root and the explanation", async () => {
    const links = (html: string) => /<nav class="more-rankings".*?<\/nav>/s.exec(html)?.[0] ?? "";
    const all = links((await get("/top/viewers")).html);
    for (const href of ["/top", "/top/performers", "/top/followers", "/"])
      expect(all).toContain(`href="${href}"`);
    expect(all).toContain("Check out other cams");
    expect(links((await get("/top/viewers/women")).html)).toContain('href="/top/women"');
    expect(links((await get("/top/viewers/asian")).html)).toContain('href="/top/asian"');
    expect(links((await get("/top/viewers/women/asian")).html)).toContain('href="/top/asian/women"');
    expect((await get("/top/viewers")).html).toContain("How the Top 100 is made");
  });

  it("shows the cover by SPEC §4's rule, served from our own origin", async () => {
    const cover = (html: string) => /<img class="daily-viewers__cover" src="([^"]*)"/.exec(html)?.[1];
    expect(cover((await get("/top/viewers")).html)).toBe("/images/top/testcams_top_all.jpg");
    expect(cover((await get("/top/viewers/women/asian")).html)).toBe("/images/top/testcams_top_asian.jpg");
    expect(cover((await get("/top/viewers/men/muscle")).html)).toBeUndefined();
    expect(cover((await get("/top/viewers/trans")).html)).toBeUndefined();
    const image = await site.app.inject({ method: "GET", url: "/images/top/testcams_top_asian.jpg" });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(image.body).toContain("#asian");
    const women = await site.app.inject({ method: "GET", url: "/images/top/testcams_top_women.jpg" });
    expect(women.body).toContain(">Female</text>");
    for (const bad of [
      "/images/top/other_top_asian.jpg",
      "/images/top/testcams_top_a.b.jpg",
      "/images/top/x.png",
    ]) {
      expect((await site.app.inject({ method: "GET", url: bad })).statusCode, bad).toBe(404);
    }
  });

  it("marks who is live from the online list, and filters with ?live without scripts", async () => {
    const { html } = await get("/top/viewers");
    const liveRows = [...html.matchAll(/<tr id="([^"]+)"(?:(?!<\/tr>).)*live-badge/gs)].map((m) => m[1]);
    expect(liveRows).toEqual(live);
    // Thumbnails wait for the visitor's age verification, which only the browser asks.
    expect(html).not.toContain(`src="${IMAGE_HOST}`);
    const filtered = await get("/top/viewers?live");
    expect(rowNames(filtered.html)).toEqual(live);
    expect(filtered.html).toContain('role="switch" aria-checked="true"');
    expect(filtered.html).toContain("2 of the top 100 live now.");
  });

  it("counts a performer seen under 5 minutes ago as live, and says when the others were (SPEC §4)", async () => {
    const rows = fixtureRows(LATEST_DAY, "all");
    const [justSeen, hoursAgo, daysAgo] = [3, 4, 5].map((i) => rows[i]?.u ?? "") as [string, string, string];
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    await insertPerformer(site.db, { username: justSeen, lastSeen: ago(2 * 60_000) });
    await insertPerformer(site.db, { username: hoursAgo, lastSeen: ago(3 * 3_600_000) });
    await insertPerformer(site.db, { username: daysAgo, lastSeen: ago(3 * 86_400_000 + 60_000) });
    try {
      // An address no other test asks for: the server's page cache keeps a page for its max-age.
      const { html } = await get("/top/viewers/all?sightings");
      const cell = (username: string) =>
        new RegExp(`<tr id="${username}"(?:(?!</tr>).)*<td class="viewer-table__live">(.*?)</td>`, "s").exec(
          html,
        )?.[1] ?? "";
      expect(cell(justSeen)).toContain("live-badge");
      expect(cell(hoursAgo)).toContain(">live recently<");
      expect(cell(daysAgo)).toContain(">live 3 days ago<");
      // Never seen here (no performers row): nothing recent to tell.
      expect(cell(rows[6]?.u as string)).toContain(">not active last week<");
      expect(cell(live[0] as string)).toContain("live-badge");
    } finally {
      await site.db.deleteFrom("performers").where("username", "in", [justSeen, hoursAgo, daysAgo]).execute();
    }
  });

  it("skips the live lookup for crawlers (SPEC §6), who get every row", async () => {
    const { html } = await get("/top/viewers?live=1", { "user-agent": GOOGLEBOT });
    expect(rowNames(html)).toHaveLength(100);
    expect(html).not.toContain('class="live-badge"');
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
  });

  it("treats an online list older than 10 minutes as unknown", async () => {
    const stale = await writeDailyViewerFixture({
      abbr: "tc",
      online: live,
      now: new Date(Date.now() - 11 * 60_000),
    });
    const staleApp = testApp(site.db, {
      publishDir: stale.root,
      config: loadConfig({ PLATFORM_NAME: PLATFORM, PLATFORM_ABBR: "tc" }),
    });
    try {
      const response = await staleApp.inject({
        method: "GET",
        url: "/top/viewers?live",
        headers: { "user-agent": BROWSER },
      });
      const html = clean(response.body);
      expect(rowNames(html)).toHaveLength(100);
      expect(html).not.toContain('class="live-badge"');
      expect(decode(html)).toContain("Who is live is not known right now");
    } finally {
      await staleApp.close();
      await stale.remove();
    }
  });

  it("answers client-side navigations' data requests (gender tabs, Prev and Next refetch)", async () => {
    const response = await site.app.inject({ method: "GET", url: "/top/viewers/women.data" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/x-script/);
    expect(response.body).toContain("w0_001");
    const missing = await site.app.inject({ method: "GET", url: "/top/viewers/nosuchtag.data" });
    expect(missing.statusCode).toBe(404);
  });
});
