import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_DATABASE, testApp } from "../../tests/helpers/api.ts";
import {
  type DailyViewerFixture,
  FIRST_DAY,
  fixtureRows,
  LATEST_DAY,
  MIDDLE_DAY,
  writeDailyViewerFixture,
} from "../../tests/helpers/daily-viewer-files.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { writeMorePagesFiles } from "../../tests/helpers/more-pages-files.ts";
import { rankedRows } from "../../tests/helpers/ranked-list-files.ts";
import { loadConfig } from "../config.ts";
import { LOGO_FILES } from "../site/brand.ts";
import { missingBuildMessage, webBuildExists } from "./pages.ts";

/** /popular/{tag}[/{date}], /race, /logos and the logo files, through buildApp(...).inject. */

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const GOOGLEBOT = "Googlebot/2.1 (+http://www.google.com/bot.html)";

const clean = (html: string) => html.replaceAll("<!-- -->", "");
const decode = (text: string) => text.replaceAll("&amp;", "&").replaceAll("&#x27;", "'");
const title = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"\/>/.exec(html)?.[1];
const h1s = (html: string) => [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)].map((m) => m[1]);
const rowNames = (html: string) => [...html.matchAll(/<tr id="([^"]+)" data-username=/g)].map((m) => m[1]);
const hrefOf = (html: string, rel: string) => {
  const link = new RegExp(`<a [^>]*rel="${rel}"[^>]*>`).exec(html)?.[0];
  return link === undefined ? undefined : /href="([^"]*)"/.exec(link)?.[1];
};
const section = (html: string, id: string) =>
  new RegExp(`<section aria-labelledby="${id}"[^>]*>(.*?)</section>`, "s").exec(html)?.[1] ?? "";
const runners = (html: string) =>
  [...html.matchAll(/<li id="([^"]+)" class="race__runner">/g)].map((m) => m[1]);

describe("the further pages", () => {
  let t: TestDatabase;
  let fixture: DailyViewerFixture;
  let app: FastifyInstance;
  const asian = fixtureRows(LATEST_DAY, "all", "asian", 12);
  const LIVE = asian[1]?.u as string;

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    fixture = await writeDailyViewerFixture({ abbr: "tc", online: [LIVE] });
    await writeMorePagesFiles(fixture.root);
    app = testApp(t.db, {
      publishDir: fixture.root,
      config: loadConfig({ PLATFORM_NAME: "TestCams", PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }),
    });
  });
  afterAll(async () => {
    await app?.close();
    await fixture?.remove();
    await t?.drop();
  });

  const get = async (url: string, userAgent = BROWSER) => {
    const response = await app.inject({ method: "GET", url, headers: { "user-agent": userAgent } });
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.body,
      html: clean(response.body),
    };
  };

  describe("/popular/{tag}", () => {
    it("shows the tag's Top 100 of the latest day, every gender, canonical to itself", async () => {
      const page = await get("/popular/asian");
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe("public, max-age=60");
      expect(title(page.html)).toBe("Popular #asian models on TestCams for the last day | camstats");
      expect(h1s(page.html)).toEqual(["Popular #asian models on TestCams for the last day"]);
      expect(canonical(page.html)).toBe("http://localhost/popular/asian");
      const day = section(page.html, "popular-day");
      expect(rowNames(day)).toEqual(asian.map((r) => r.u));
      // The viewers column is the viewer threshold (SPEC §9): 12,000 peak viewers read 12000+.
      expect(day).toContain("12,000+");
      // Live now: in the online list.
      expect(new RegExp(`<tr id="${LIVE}".*?live-badge`, "s").test(day)).toBe(true);
    });

    it("tells the tag's rank among tags, the tags that go with it, and its top monthly", async () => {
      const page = await get("/popular/asian");
      const facts = section(page.html, "popular-facts");
      expect(facts).toContain(`#asian was the #1 most used tag on ${LATEST_DAY}, by 120 models.`);
      expect(facts).toContain(
        "#asian is the top #3 most popular tag on TestCams, used by 250 models most recently",
      );
      // Rows carry asian plus one of latina (3 rows), muscle, feet, lovense (2 each): asian itself is left out.
      const relatedList = /<ul class="popular__related">.*?<\/ul>/s.exec(facts)?.[0] ?? "";
      const related = [...relatedList.matchAll(/<li>(?:<a href="([^"]*)">)?(?:<span>)?#(\w+)/g)].map((m) => [
        m[2],
        m[1],
      ]);
      expect(related).toEqual([
        ["latina", "/popular/latina"],
        ["feet", undefined],
        ["lovense", undefined],
        ["muscle", undefined],
      ]);
      const monthly = section(page.html, "popular-monthly");
      expect(rowNames(monthly)).toEqual(
        rankedRows("s", LATEST_DAY, "all", "asian")
          .slice(0, 10)
          .map((r) => r.u),
      );
      expect(page.html).toContain('href="/top/asian"');
      expect(page.html).toContain('href="/top/viewers/asian"');
      expect(page.html).toContain(`href="/traffic/${LATEST_DAY}/asian"`);
      expect(page.html).toContain('href="/top/performers/asian"');
    });

    it("goes to the nearest days with the tag's list, dated except the latest", async () => {
      const latest = await get("/popular/asian");
      expect(hrefOf(latest.html, "prev")).toBe(`/popular/asian/${MIDDLE_DAY}`);
      expect(hrefOf(latest.html, "next")).toBeUndefined();
      const first = await get(`/popular/asian/${FIRST_DAY}`);
      expect(first.status).toBe(200);
      expect(title(first.html)).toBe(`Popular #asian models on TestCams on ${FIRST_DAY} | camstats`);
      expect(canonical(first.html)).toBe(`http://localhost/popular/asian/${FIRST_DAY}`);
      expect(hrefOf(first.html, "prev")).toBeUndefined();
      expect(hrefOf(first.html, "next")).toBe(`/popular/asian/${MIDDLE_DAY}`);
      expect(rowNames(section(first.html, "popular-day"))).toEqual(
        fixtureRows(FIRST_DAY, "all", "asian", 12).map((r) => r.u),
      );
      // latina has a list on the latest day only: no earlier day to go to.
      const latina = await get("/popular/latina");
      expect(latina.status).toBe(200);
      expect(hrefOf(latina.html, "prev")).toBeUndefined();
      expect(latina.html).toContain("No earlier day");
      expect(section(latina.html, "popular-monthly")).toContain("The tag has no 30-day list yet.");
    });

    it("reads the tag in any case, canonical lowercase", async () => {
      const page = await get("/popular/ASIAN");
      expect(page.status).toBe(200);
      expect(canonical(page.html)).toBe("http://localhost/popular/asian");
    });

    it("gives crawlers no live state", async () => {
      const page = await get("/popular/asian", GOOGLEBOT);
      expect(page.status).toBe(200);
      expect(page.html).not.toContain("live-badge");
    });

    it("is the 404 page for an unknown tag or day, a tag without a list that day, or a bad address", async () => {
      for (const url of [
        "/popular/feet",
        `/popular/latina/${MIDDLE_DAY}`,
        "/popular/asian/2026-02-30",
        "/popular/asian/2025-01-01",
        "/popular/asian/yesterday",
        "/popular/a%20b",
        "/popular/asian/2026-01-10/more",
      ]) {
        const page = await get(url);
        expect(page.status, url).toBe(404);
      }
    });
  });

  describe("/race", () => {
    it("puts the closest finishes first, 50 of them, with the numbers in text", async () => {
      const page = await get("/race");
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe("public, max-age=300");
      expect(title(page.html)).toBe("The race to the next follower milestone | camstats");
      expect(h1s(page.html)).toEqual(["The race to the next follower milestone"]);
      expect(canonical(page.html)).toBe("http://localhost/race");
      expect(page.html).toContain("Who among the 65 most followed models on TestCams reaches");
      const names = runners(page.html);
      expect(names).toHaveLength(50);
      expect(names.slice(0, 3)).toEqual(["fast", "steady", "field59"]);
      expect(names).not.toContain("slow");
      expect(names).not.toContain("stalled");
      expect(names).not.toContain("past");
      expect(page.html).toMatch(
        /id="fast".*?about 1 day.*?9,900 of 10,000 followers \(98% of the way from 5,000\), 100 to go at \+700 a week/s,
      );
      expect(page.html).toMatch(
        /id="steady".*?about 10 days.*?45,000 of 50,000 followers \(83% of the way from 20,000\)/s,
      );
      expect(page.html).toContain('style="width:83.3%"');
    });

    it("has gender tabs as links, each gender its own race", async () => {
      const page = await get("/race/women");
      expect(page.status).toBe(200);
      expect(canonical(page.html)).toBe("http://localhost/race/women");
      expect(runners(page.html)).toEqual(["fast", "steady", "slow"]);
      expect(page.html).toContain("Who among the 5 most followed Female models on TestCams");
      const tabs = /<nav class="gender-tabs".*?<\/nav>/s.exec(page.html)?.[0] ?? "";
      expect([...tabs.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
        "/race",
        "/race/couples",
        "/race/women",
        "/race/men",
        "/race/trans",
      ]);
      expect(tabs).toMatch(/aria-current="page" href="\/race\/women"/);
      // No list for couples that day: no race, said so.
      const couples = await get("/race/couples");
      expect(couples.status).toBe(200);
      expect(couples.html).toContain("there is no race yet");
    });

    it("lists the recent finishers: followers milestones of the celebrations file, newest first", async () => {
      const finishers = section((await get("/race")).html, "race-finishers");
      expect([...finishers.matchAll(/<li>.*?<\/li>/g)].map((m) => m[0].replace(/<[^>]+>/g, ""))).toEqual([
        `${LATEST_DAY} latest_one reached 20,000 followers`,
        `${MIDDLE_DAY} earlier_one reached 5,000 followers`,
      ]);
      expect(finishers).toContain(`from ${FIRST_DAY} to the latest day`);
    });

    it("is the 404 page for anything but a ranking gender", async () => {
      for (const url of ["/race/all", "/race/female", "/race/women/asian"]) {
        expect((await get(url)).status, url).toBe(404);
      }
    });
  });

  describe("/logos", () => {
    it("draws each logo inline as the file serves it, lists the colours and the covers", async () => {
      const page = await get("/logos");
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe("public, max-age=3600");
      expect(h1s(page.html)).toEqual(["Logos and brand assets"]);
      expect(canonical(page.html)).toBe("http://localhost/logos");
      for (const logo of LOGO_FILES) {
        const file = await app.inject({ method: "GET", url: `/images/logos/${logo.file}` });
        expect(file.statusCode, logo.file).toBe(200);
        expect(file.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
        expect(file.headers["cache-control"]).toBe("public, max-age=86400");
        expect(file.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
        expect(page.body).toContain(file.body.trim());
        expect(page.html).toContain(`href="/images/logos/${logo.file}" download="${logo.file}"`);
      }
      for (const hex of ["#b4235a", "#1d1b22", "#17151c", "#ecebf0"])
        expect(page.html).toContain(`<code>${hex}</code>`);
      for (const name of ["all", "couples", "women", "men", "trans", "asian", "latina"]) {
        expect(page.html).toContain(`src="/images/top/testcams_top_${name}.jpg"`);
      }
      const cover = await app.inject({ method: "GET", url: "/images/top/testcams_top_asian.jpg" });
      expect(cover.statusCode).toBe(200);
    });

    it("serves /favicon.ico: the icon as an ICO, cached a day", async () => {
      const ico = await app.inject({ method: "GET", url: "/favicon.ico" });
      expect(ico.statusCode).toBe(200);
      expect(ico.headers["content-type"]).toBe("image/x-icon");
      expect(ico.headers["cache-control"]).toBe("public, max-age=86400");
      expect([...ico.rawPayload.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
    });

    it("serves no other logo file", async () => {
      for (const url of [
        "/images/logos/other.svg",
        "/images/logos/camstats-logo-light.png",
        "/images/logos/",
      ]) {
        expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(404);
      }
    });
  });
});

describe("the further pages before the first publish", () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "more-pages-empty-"));
    app = testApp(NO_DATABASE, { publishDir: root });
  });
  afterAll(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("answers 503 for /popular and /race, and /logos with the gender covers only", async () => {
    for (const url of ["/popular/asian", `/popular/asian/${LATEST_DAY}`, "/race", "/race/women"]) {
      const response = await app.inject({ method: "GET", url, headers: { "user-agent": BROWSER } });
      expect(response.statusCode, url).toBe(503);
      expect(response.body).toContain("The first rankings are on their way");
    }
    const logos = await app.inject({ method: "GET", url: "/logos", headers: { "user-agent": BROWSER } });
    expect(logos.statusCode).toBe(200);
    expect([...logos.body.matchAll(/src="\/images\/top\//g)]).toHaveLength(5);
  });
});
