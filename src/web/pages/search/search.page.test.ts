import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiGet, testApp } from "../../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { BROWSER, canonical } from "../../../../tests/helpers/page-html.ts";
import {
  insertSearchPerformers,
  SEARCH_FEMALE,
  SEARCH_TOTAL,
} from "../../../../tests/helpers/search-performers.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";

const clean = (html: string) => html.replaceAll("<!-- -->", "");
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const decode = (text: string) => text.replaceAll("&amp;", "&").replaceAll("&#x27;", "'");
/** The names on the result cards, in order. */
const cardNames = (html: string) =>
  [...html.matchAll(/<span class="search-card__name">([^<]+)<\/span>/g)].map((m) => m[1]);
const hrefOf = (html: string, rel: string) => {
  const link = new RegExp(`<a [^>]*rel="${rel}"[^>]*>`).exec(html)?.[0];
  return link === undefined ? undefined : decode(/href="([^"]*)"/.exec(link)?.[1] ?? "");
};
/** The gender links: label → href. */
const genderLinks = (html: string) => {
  const nav = /<nav class="gender-tabs" aria-label="Gender">(.*?)<\/nav>/s.exec(html)?.[1] ?? "";
  return Object.fromEntries(
    [...nav.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[2], decode(m[1] ?? "")]),
  );
};

describe("the search page", () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    await insertSearchPerformers(t.db);
    app = testApp(t.db, { pageCache: false });
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  const get = async (url: string) => {
    const response = await app.inject({ method: "GET", url, headers: { "user-agent": BROWSER } });
    return { status: response.statusCode, html: clean(response.body), headers: response.headers };
  };

  it("/search lists every performer, most followed first, 50 a page, with its title and links", async () => {
    const { status, html, headers } = await get("/search");
    expect(status).toBe(200);
    expect(headers["cache-control"]).toBe("public, max-age=30");
    expect(title(html)).toBe("Search - All | camstats");
    expect(html).toContain("<h1");
    expect(html).toMatch(/<h1[^>]*>Search - All<\/h1>/);
    expect(canonical(html)).toBe("http://localhost/search");
    expect(html).toContain(`Found ${SEARCH_TOTAL} matching profiles`);
    const names = cardNames(html);
    expect(names).toHaveLength(50);
    expect(names.slice(0, 4)).toEqual(["cara", "ann", "fill119", "fill118"]);
    expect(genderLinks(html)).toEqual({
      All: "/search",
      Couples: "/search/couples",
      Female: "/search/female",
      Male: "/search/male",
      Trans: "/search/trans",
    });
    expect(hrefOf(html, "prev")).toBeUndefined();
    expect(hrefOf(html, "next")).toBe("/search?page=2");
    // Both tabs, the Filters button and the sort control are there (the latter wait for scripts).
    expect(html).toContain("Summaries &amp; Fan quotes");
    expect(html).toContain("Descriptions");
    expect(html).toMatch(/<button[^>]*>Filters<\/button>/);
  });

  it("each card shows the performer's facts, and when they were live", async () => {
    const { html } = await get("/search?search=ann");
    expect(cardNames(html)).toEqual(["ann"]);
    expect(html).toContain('href="/ann"');
    expect(html).toContain("Ann A");
    expect(html).toContain("Female");
    expect(html).toContain("23 years");
    expect(html).toContain('class="fi fi-jp"');
    expect(html).toMatch(/<dt>Viewers<\/dt><dd>300\+<\/dd>/);
    expect(html).toMatch(/<dt>Followers<\/dt><dd>5,000<\/dd>/);
    expect(html).toContain("#asian");
    expect(html).toContain("Live now");
    // No thumbnail in the server's HTML: it waits for the browser's geo lookup.
    expect(html).not.toContain("search-card__thumb");
    expect((await get("/search?search=bob")).html).toContain("live 2 days ago");
    expect((await get("/search?search=fill001")).html).toContain("not active last week");
  });

  it.each([
    ["/search/couples", "Couples", ["cara"]],
    ["/search/male", "Male", ["bob"]],
    ["/search/trans", "Trans", ["dee"]],
    ["/search/female/cute", "Female", ["ann"]],
    ["/search/all/couple", "All", ["cara"]],
    ["/search/trans/asian", "Trans", ["dee"]],
  ])("%s is 'Search - %s' with its results", async (url, label, names) => {
    const { status, html } = await get(url);
    expect(status).toBe(200);
    expect(title(html)).toBe(`Search - ${label} | camstats`);
    expect(cardNames(html)).toEqual(names);
    expect(canonical(html)).toBe(`http://localhost${url}`);
  });

  it("the gender links keep the tag and the term, and start at page 1", async () => {
    const { html } = await get("/search/female/asian?search=fill&page=1");
    expect(genderLinks(html)).toEqual({
      All: "/search/all/asian?search=fill",
      Couples: "/search/couples/asian?search=fill",
      Female: "/search/female/asian?search=fill",
      Male: "/search/male/asian?search=fill",
      Trans: "/search/trans/asian?search=fill",
    });
    expect(html).toContain(`Found ${SEARCH_FEMALE - 109} matching profiles`);
  });

  it("pages by ?page: the pager's links, page 1 without the parameter, past the last page", async () => {
    const second = await get("/search?page=2");
    expect(second.status).toBe(200);
    expect(cardNames(second.html)[0]).toBe("fill071");
    expect(cardNames(second.html)).toHaveLength(50);
    expect(hrefOf(second.html, "prev")).toBe("/search");
    expect(hrefOf(second.html, "next")).toBe("/search?page=3");
    expect(canonical(second.html)).toBe("http://localhost/search?page=2");
    const third = await get("/search?page=3");
    expect(cardNames(third.html)).toHaveLength(SEARCH_TOTAL - 100);
    expect(hrefOf(third.html, "next")).toBeUndefined();
    const term = await get("/search/female?search=fill&page=2");
    expect(hrefOf(term.html, "prev")).toBe("/search/female?search=fill");
    expect(hrefOf(term.html, "next")).toBe("/search/female?search=fill&page=3");
    const past = await get("/search?page=4");
    expect(past.status).toBe(200);
    expect(past.html).toContain("This page is past the last one.");
  });

  it("one address per page: /search/all and capital letters move with a 301", async () => {
    for (const [from, to] of [
      ["/search/all", "/search"],
      ["/search/all?search=ann&page=2", "/search?search=ann&page=2"],
      ["/search/Female", "/search/female"],
      ["/search/FEMALE/Asian", "/search/female/asian"],
    ]) {
      const response = await app.inject({ method: "GET", url: from as string });
      expect(response.statusCode, from).toBe(301);
      expect(response.headers.location, from).toBe(to);
    }
  });

  it.each([
    "/search/women",
    "/search/everyone",
    "/search/female/no%20such",
    "/search/female/a.b",
    "/search/female/asian/more",
    "/search?page=0",
    "/search?page=abc",
    "/search?page=1.5",
    "/search?page=10001",
    "/search?page=2&page=3",
    "/search?search=a&search=b",
    `/search?search=${"x".repeat(101)}`,
    "/search?search=%00abc",
  ])("%s is the 404 page", async (url) => {
    const { status, html } = await get(url);
    expect(status).toBe(404);
    expect(title(html)).toBe("Page not found | camstats");
  });

  it("no results: 'Found 0 matching profiles' and what the term or the tag alone matched", async () => {
    const byTerm = await get("/search/male?search=ann");
    expect(byTerm.status).toBe(200);
    expect(byTerm.html).toContain("Found 0 matching profiles");
    expect(byTerm.html).toContain("ann matched 1 profile(s).");
    const byTag = await get("/search/male/asian");
    expect(byTag.html).toContain("Found 0 matching profiles");
    expect(byTag.html).toContain("asian matched 14 profile(s).");
    const nothing = await get("/search?search=zzzz");
    expect(nothing.html).toContain("Found 0 matching profiles");
    expect(nothing.html).toContain("zzzz matched 0 profile(s).");
  });

  it("a single character searches every name (the box never sends one) and says why", async () => {
    const { status, html } = await get("/search?search=a");
    expect(status).toBe(200);
    expect(html).toContain(`Found ${SEARCH_TOTAL} matching profiles`);
    expect(html).toContain("a name search needs at least two characters");
  });

  it("/schedule opens the search, its canonical address /search", async () => {
    const { status, html } = await get("/schedule");
    expect(status).toBe(200);
    expect(title(html)).toBe("Search - All | camstats");
    expect(canonical(html)).toBe("http://localhost/search");
    expect(cardNames(html)).toHaveLength(50);
  });

  it("the summaries search the page asks: too short under 4 characters, in the page's own words", async () => {
    const short = await apiGet(app, "/api/model_search?mode=summaries&searchTerm=dan");
    expect(short.body.message).toBe("Search term is not long enough, try a more substantial search.");
    const found = await apiGet(app, "/api/model_search?mode=summaries&searchTerm=dancing");
    expect(found.body.resultCount).toBe(2);
  });

  it("an address with filters renders them applied: the API's count, its cards, its controls (issue 28)", async () => {
    const url = "/search?minFollowers=100&maxAge=30";
    const api = await apiGet(app, `/api/model_search?${new URL(url, "http://x").search.slice(1)}`);
    // fill010-012, 040-052, 080-092 (aged 18 + i % 40, i * 10 followers), ann, cara and dee; bob has no age.
    expect(api.body.resultCount).toBe(32);
    const { status, html } = await get(url);
    expect(status).toBe(200);
    expect(html).toContain("Found 32 matching profiles");
    expect(cardNames(html).slice(0, 3)).toEqual(["cara", "ann", "fill092"]);
    expect(html).toMatch(/<button[^>]*>Filters \(2\)<\/button>/);
    // A filtered search is no page to index; its canonical address is the path alone (decision 0035).
    expect(canonical(html)).toBe("http://localhost/search");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect((await get("/search")).html).not.toContain('content="noindex"');
  });

  it("the sort, the path's tag with picked ones, and the pager and gender links keeping them", async () => {
    const byName = await get("/search?orderBy=name&sortOrder=asc");
    expect(cardNames(byName.html).slice(0, 5)).toEqual(["ann", "bob", "cara", "dee", "fill000"]);
    expect(byName.html).toMatch(/<option value="name" selected="">Name<\/option>/);
    expect(byName.html).toContain("↑ Asc");
    expect(hrefOf(byName.html, "next")).toBe("/search?orderBy=name&sortOrder=asc&page=2");
    const both = await get("/search/all/asian?tag=cute&requireAllTags=true");
    expect(both.html).toContain("Found 1 matching profile");
    expect(cardNames(both.html)).toEqual(["ann"]);
    const any = await get("/search/all/asian?tag=cute");
    expect(any.html).toContain("Found 15 matching profiles");
    const followed = await get("/search/female?minFollowers=100&page=2");
    expect(hrefOf(followed.html, "prev")).toBe("/search/female?minFollowers=100");
    expect(hrefOf(followed.html, "next")).toBe("/search/female?minFollowers=100&page=3");
    expect(genderLinks(followed.html).Male).toBe("/search/male?minFollowers=100");
  });

  it("a summaries address renders the summaries search", async () => {
    const { status, html } = await get("/search?search=dancing&mode=summaries");
    expect(status).toBe(200);
    expect(html).toContain("Found 2 matching profiles");
    expect(html).toMatch(/<button[^>]*aria-selected="true"[^>]*>.*Summaries &amp; Fan quotes/);
    expect(html).toContain('href="/ann"');
    expect(html).toContain('href="/cara"');
  });

  it.each([
    ["/search?minAge=abc&maxAge=500&minViewers=-1&orderBy=age&sortOrder=up&mode=x&liveOnly=maybe", 124],
    ["/search?minFollowers=99999999999999999999999", 0],
    ["/search?minAge=40&maxAge=30", 3],
    ["/search?tag=%00&tag=", 124],
  ])("%s: bad filter values are ignored or clamped, never an error (%i found)", async (url, found) => {
    const { status, html } = await get(url);
    expect(status).toBe(200);
    expect(html).toContain(`Found ${found} matching profile`);
  });

  it("an age filter leaves out performers without an age (bob has none)", async () => {
    expect((await apiGet(app, "/api/model_search?gender=m")).body.resultCount).toBe(1);
    expect((await apiGet(app, "/api/model_search?gender=m&minAge=19")).body.resultCount).toBe(0);
    expect((await apiGet(app, "/api/model_search?gender=m&maxAge=98")).body.resultCount).toBe(0);
  });
});
