import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { BROWSER, canonical } from "../../../../tests/helpers/page-html.ts";
import {
  insertSummaryPerformers,
  summaryDates,
  writeCelebrationsFixture,
} from "../../../../tests/helpers/summaries.ts";
import { loadConfig } from "../../../config.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";

const PLATFORM = "TestCams";
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

// React separates adjacent text with <!-- -->, which a browser ignores; so do these tests, and
// React Router's data-discover on links.
const clean = (html: string) =>
  html
    .replaceAll("<!-- -->", "")
    .replaceAll(' data-discover="true"', "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replaceAll("&quot;", '"');
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, "");
/** The value and note of a wrapped page's figure by its label. */
const stat = (html: string, label: string) => {
  const block = new RegExp(`<dt class="wrapped__label">${label}</dt>(.*?)</div>`, "s").exec(html)?.[1] ?? "";
  return [...block.matchAll(/<dd[^>]*>(.*?)<\/dd>/gs)].map((m) => m[1]?.replace(/<[^>]+>/g, ""));
};
const monthRows = (html: string) => [...html.matchAll(/<tr data-month="([^"]+)">(.*?)<\/tr>/gs)];
const cells = (row: string) => [...row.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((m) => m[1]);

describe("the summary pages", () => {
  let t: TestDatabase;
  let publish: Awaited<ReturnType<typeof writeCelebrationsFixture>>;
  let empty: Awaited<ReturnType<typeof writeCelebrationsFixture>>;
  let app: FastifyInstance;
  let unpublished: FastifyInstance;
  const d = summaryDates();
  const config = loadConfig({ PLATFORM_NAME: PLATFORM, PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" });

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    await insertSummaryPerformers(t.db);
    publish = await writeCelebrationsFixture();
    empty = await writeCelebrationsFixture(null);
    app = testApp(t.db, { publishDir: publish.root, config, pageCache: false });
    unpublished = testApp(t.db, { publishDir: empty.root, config, pageCache: false });
  });
  afterAll(async () => {
    await app?.close();
    await unpublished?.close();
    await publish?.remove();
    await empty?.remove();
    await t?.drop();
  });

  const get = async (url: string, on = app) => {
    const response = await on.inject({ method: "GET", url, headers: { "user-agent": BROWSER } });
    return { status: response.statusCode, headers: response.headers, html: clean(response.body) };
  };

  describe("/{platform}_wrapped/{name}", () => {
    it("shows this year's summary with badges, tags, busiest times and links", async () => {
      const page = await get("/testcams_wrapped/alice");
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe("public, max-age=300");
      expect(title(page.html)).toBe(`alice's ${d.thisYear} wrapped on ${PLATFORM}`);
      expect(h1(page.html)).toBe(`alice's ${d.thisYear} on ${PLATFORM}`);
      expect(canonical(page.html)).toMatch(/\/testcams_wrapped\/alice$/);
      expect(stat(page.html, "Hours streamed")).toEqual(["2.5"]);
      expect(stat(page.html, "Streams")).toEqual(["2"]);
      expect(stat(page.html, "Days online")).toEqual(["1"]);
      const [, m, day] = /^(\d{4}-\d{2})-(\d{2})$/.exec(d.thisDay) ?? [];
      const dayText = `${Number(day)} ${new Date(`${m}-01T00:00:00Z`).toLocaleString("en-US", { month: "long", timeZone: "UTC" })} ${d.thisYear}`;
      expect(stat(page.html, "Longest stream")).toEqual(["2 h 30 min", `on ${dayText}`]);
      expect(stat(page.html, "Peak viewers")).toEqual(["1,500", `Paparazzi · on ${dayText}`]);
      expect(stat(page.html, "Best rank")).toEqual(["#7", `Top 10 · on ${dayText}`]);
      expect(stat(page.html, "Follower gain")).toEqual(["+40"]);
      expect(stat(page.html, "Busiest weekday")).toEqual([
        WEEKDAYS[new Date(`${d.thisDay}T00:00:00Z`).getUTCDay()],
        "2 h 30 min online",
      ]);
      expect(stat(page.html, "Busiest hour")).toEqual(["10:00–11:00 UTC", "1 h online"]);
      expect(page.html).toContain('<a href="/tag/asian">#asian</a>');
      expect(page.html).toContain('<a href="/tag/latina">#latina</a>');
      expect(page.html).toContain(
        `<a href="/testcams_wrapped/alice?year=${d.lastYear}">alice's ${d.lastYear}</a>`,
      );
      expect(page.html).toContain('<a href="/alice">alice\'s page</a>');
      expect(page.html).toContain('<a href="/monthly_summary/alice">Monthly summary</a>');
    });

    it("shows an earlier year by ?year, linking back to this one", async () => {
      const page = await get(`/testcams_wrapped/alice?year=${d.lastYear}`);
      expect(page.status).toBe(200);
      expect(canonical(page.html)).toMatch(new RegExp(`/testcams_wrapped/alice\\?year=${d.lastYear}$`));
      expect(stat(page.html, "Hours streamed")).toEqual(["2.5"]);
      expect(stat(page.html, "Peak viewers")).toEqual(["400", `Hidden Gem · on 16 June ${d.lastYear}`]);
      expect(stat(page.html, "Best rank")).toEqual(["#60", `Top 100 · on 15 June ${d.lastYear}`]);
      expect(stat(page.html, "Follower gain")).toEqual(["+170"]);
      expect(stat(page.html, "Best month")).toEqual([`June ${d.lastYear}`, "2 h 30 min online"]);
      expect(page.html).toContain(`<a href="/testcams_wrapped/alice">alice's ${d.thisYear}</a>`);
      expect(page.html).toContain(`<a href="/monthly_summary/alice?month=${d.lastYear}-12">`);
    });

    it("says so for a year without streams", async () => {
      const page = await get("/testcams_wrapped/carol");
      expect(page.status).toBe(200);
      expect(page.html).toContain(`No streams of carol were recorded in ${d.thisYear}.`);
      expect(page.html).not.toContain("wrapped__stats");
      expect(page.html).toContain(`<a href="/testcams_wrapped/carol?year=${d.lastYear}">`);
    });

    it("moves a name in capitals to its lowercase address, keeping the query", async () => {
      const page = await get(`/testcams_wrapped/Alice?year=${d.lastYear}`);
      expect(page.status).toBe(301);
      expect(page.headers.location).toBe(`/testcams_wrapped/alice?year=${d.lastYear}`);
    });

    it.each([
      ["another platform's slug", "/camsandbox_wrapped/alice"],
      ["a slug in capitals", "/TestCams_wrapped/alice"],
      ["a first segment without _wrapped", "/testcams/alice"],
      ["an unknown performer", "/testcams_wrapped/nobody"],
      ["an opted-out performer", "/testcams_wrapped/olga"],
      ["a name that cannot be a username", "/testcams_wrapped/-alice"],
      ["a year before our history", `/testcams_wrapped/alice?year=${d.lastYear - 1}`],
      ["a year after this one", `/testcams_wrapped/alice?year=${d.thisYear + 1}`],
      ["a year that is no year", "/testcams_wrapped/alice?year=abcd"],
      ["two years", `/testcams_wrapped/alice?year=${d.thisYear}&year=${d.lastYear}`],
    ])("answers 404 for %s", async (_what, url) => {
      const page = await get(url);
      expect(page.status).toBe(404);
      expect(h1(page.html)).toBe("Page not found");
    });
  });

  describe("/monthly_summary/{name}", () => {
    it("shows the 12 months ending this month: charts' tables and the full table", async () => {
      const page = await get("/monthly_summary/alice");
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe("public, max-age=300");
      expect(title(page.html)).toBe(`alice's monthly summary on ${PLATFORM}`);
      expect(canonical(page.html)).toMatch(/\/monthly_summary\/alice$/);
      for (const caption of [
        "Minutes online per month",
        "Streams per month",
        "Followers at the end of each month",
        "Follower gain per month",
      ])
        expect(page.html).toContain(caption);
      expect(page.html).toContain('rel="stylesheet" href="/assets/time-chart');
      const rows = monthRows(page.html);
      expect(rows.length).toBe(12);
      expect(rows[0]?.[1]).toBe(d.thisMonth);
      expect(cells(rows[0]?.[2] ?? "").slice(1)).toEqual([
        "2",
        "150",
        "1",
        "1,500",
        "1,200",
        "+40",
        "#7",
        "#3",
      ]);
      expect(page.html).toContain('<a href="/alice">alice\'s page</a>');
      expect(page.html).toContain('<a href="/testcams_wrapped/alice">Year wrapped</a>');
      expect(page.html).not.toContain('rel="next"');
    });

    it("shows the window ending with ?month, with the months before and after", async () => {
      const page = await get(`/monthly_summary/alice?month=${d.lastYear}-06`);
      expect(page.status).toBe(200);
      const rows = monthRows(page.html);
      expect(rows.map((r) => r[1])[0]).toBe(`${d.lastYear}-06`);
      expect(rows.at(-1)?.[1]).toBe(`${d.lastYear - 1}-07`);
      expect(cells(rows[0]?.[2] ?? "").slice(1)).toEqual([
        "2",
        "150",
        "2",
        "400",
        "1,160",
        "+170",
        "#60",
        "–",
      ]);
      // Our history starts that June: nothing earlier to go to.
      expect(page.html).toContain('<span class="day-nav__link day-nav__link--none">Earlier 12 months</span>');
      // The next window ends 12 months later, or this month if that is sooner.
      const later = [`${d.thisYear}-06`, d.thisMonth].sort()[0];
      const laterPath =
        later === d.thisMonth ? "/monthly_summary/alice" : `/monthly_summary/alice?month=${later}`;
      expect(page.html).toContain(
        `<a class="day-nav__link" rel="next" href="${laterPath}">Later 12 months</a>`,
      );
    });

    it("moves a name in capitals to its lowercase address", async () => {
      const page = await get(`/monthly_summary/ALICE?month=${d.thisMonth}`);
      expect(page.status).toBe(301);
      expect(page.headers.location).toBe(`/monthly_summary/alice?month=${d.thisMonth}`);
    });

    it.each([
      ["an unknown performer", "/monthly_summary/nobody"],
      ["an opted-out performer", "/monthly_summary/olga"],
      ["a name that cannot be a username", "/monthly_summary/al%20ice"],
      ["a month that is no month", `/monthly_summary/alice?month=${d.thisYear}-13`],
      ["a day for a month", `/monthly_summary/alice?month=${d.thisDay}`],
      ["a month after this one", `/monthly_summary/alice?month=${d.nextMonth}`],
      ["a month before our history", `/monthly_summary/alice?month=${d.lastYear}-05`],
    ])("answers 404 for %s", async (_what, url) => {
      const page = await get(url);
      expect(page.status).toBe(404);
      expect(h1(page.html)).toBe("Page not found");
    });
  });

  describe("/celebrations", () => {
    it("lists the days' celebrations by day, newest first, naming the performers", async () => {
      const page = await get("/celebrations");
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe("public, max-age=300");
      expect(h1(page.html)).toBe("Celebrations");
      const days = [...page.html.matchAll(/<h2 id="day-([\d-]+)">([^<]*)<\/h2>/g)].map((m) => [m[1], m[2]]);
      expect(days).toEqual([
        ["2026-11-20", "Friday, 20 November 2026"],
        ["2026-11-17", "Tuesday, 17 November 2026"],
        ["2026-11-15", "Sunday, 15 November 2026"],
      ]);
      expect(page.html).toContain('<a href="/alice">alice</a> reached 20,000 followers');
      expect(page.html).toContain('<a href="/bob">bob</a> in the Top 3 for the first time');
      expect(page.html).toContain('<a href="/ann">ann</a> reached 1,000 viewers');
      expect(page.html).toContain(
        '<a class="gender-tabs__tab" aria-current="page" href="/celebrations">All</a>',
      );
    });

    it("filters by kind with plain links", async () => {
      const page = await get("/celebrations?kind=rank");
      expect(page.status).toBe(200);
      expect(canonical(page.html)).toMatch(/\/celebrations\?kind=rank$/);
      expect(page.html).toContain('<a href="/bob">bob</a> in the Top 3 for the first time');
      expect(page.html).toContain('<a href="/dan">dan</a> in the Top 10 for the first time');
      expect(page.html).not.toContain("reached 20,000 followers");
      expect(page.html).not.toContain("reached 1,000 viewers");
      expect(page.html).toContain('aria-current="page" href="/celebrations?kind=rank">Rank badges</a>');
      expect(page.html).toContain('href="/celebrations?kind=followers">Followers</a>');
    });

    it.each(["/celebrations?kind=badges", "/celebrations?kind=rank&kind=viewers"])(
      "answers 404 for %s",
      async (url) => {
        expect((await get(url)).status).toBe(404);
      },
    );

    it("answers 503 before the file is published", async () => {
      const page = await get("/celebrations", unpublished);
      expect(page.status).toBe(503);
      expect(h1(page.html)).toBe("The first rankings are on their way");
    });
  });

  describe("/performerbadges", () => {
    it("lists every badge with its rule and who earned it recently", async () => {
      const page = await get("/performerbadges");
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe("public, max-age=300");
      expect(h1(page.html)).toBe("Performer badges");
      const badges = [...page.html.matchAll(/<tr data-badge="([^"]+)">/g)].map((m) => m[1]);
      expect(badges).toEqual([
        ...["Top 1", "Top 2", "Top 3", "Top 10", "Top 50", "Top 100", "Top 500", "Top 1000", "Top 5000"],
        ...["Ethereal Ghost", "Hidden Gem", "Rising Star", "Paparazzi", "Big League", "Unicorn"],
        ...["The Establishment", "Mountain Top", "Royal"],
        "Just starting up - not many followers yet",
        ...["100", "500", "1,000", "5,000", "10,000", "50,000", "100,000", "250,000", "500,000"].map(
          (n) => `more than ${n} followers`,
        ),
        "more than 1 Million followers",
        "more than 2 Million followers",
      ]);
      const row = (badge: string) =>
        new RegExp(`<tr data-badge="${badge}">(.*?)</tr>`, "s").exec(page.html)?.[1] ?? "";
      expect(row("Top 3")).toContain('<a href="/bob">bob</a>');
      expect(row("Top 10")).toContain("Best rank of a day: #4 to #10");
      expect(row("Top 10")).toContain('<a href="/dan">dan</a>');
      expect(row("Paparazzi")).toContain(
        '<a href="/ann">ann</a> <span class="badges__when">reached 1,000 viewers, 15 November 2026',
      );
      expect(row("more than 10,000 followers")).toContain('<a href="/alice">alice</a>');
      expect(row("Top 1")).not.toContain("<a ");
    });

    it("sends the form's name to the performer's page", async () => {
      const page = await get("/performerbadges?name=%20Alice%20");
      expect(page.status).toBe(303);
      expect(page.headers.location).toBe("/alice");
    });

    it("says what is wrong with a name that cannot be a performer's", async () => {
      const page = await get("/performerbadges?name=no%20way");
      expect(page.status).toBe(200);
      expect(page.html).toContain('"no way" cannot be a performer\'s name');
    });

    it("shows the tables before celebrations are published", async () => {
      const page = await get("/performerbadges", unpublished);
      expect(page.status).toBe(200);
      expect(page.html).toContain("once the first celebrations are published");
      expect(page.html).toContain('<tr data-badge="Royal">');
    });
  });
});
