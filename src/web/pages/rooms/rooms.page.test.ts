import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { liveRoomsApp, NO_DATABASE, testApp } from "../../../../tests/helpers/api.ts";
import { canonical } from "../../../../tests/helpers/page-html.ts";
import { startTestPlatform, type TestPlatform } from "../../../../tests/helpers/platform.ts";
import type { OnlineRoom } from "../../../online-rooms/room.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";

/**
 * The live-room pages (SPEC §2: /, /tag/{tags}, /female-cams, /male-cams, the age pages) and
 * /go/{user}, rendered by the server over the sandbox platform's feed.
 */

const T0 = Date.UTC(2026, 10, 18, 21, 0);
const PERSON =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const ROOM_LINK =
  "https://sandbox-cams.example/in/?tour=LQps&amp;campaign=sandbox&amp;track=default&amp;room=";
// Countries of the bundled geo database (see routes/geoip.test.ts).
const GB = "81.2.69.142";
const US = "8.8.8.8";

interface Card {
  username: string;
  href: string;
  html: string;
}

/** The room cards of a page, in order: each card's name, its link and its markup. */
function cards(html: string): Card[] {
  return html
    .split('<li class="room-card">')
    .slice(1)
    .map((segment) => {
      const card = segment.split(/<nav class="pagination"|<\/section>/)[0] ?? "";
      const name = /<a class="room-card__page-link" href="[^"]*">([^<]*)</.exec(card);
      const link = /<a class="room-card__link" href="([^"]*)"/.exec(card);
      return { username: name?.[1] ?? "", href: link?.[1] ?? "", html: card };
    });
}

const text = (html: string) => html.replaceAll("<!-- -->", "");
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const description = (html: string) => /<meta name="description" content="([^"]*)"\/>/.exec(html)?.[1];
const pager = (html: string) => /<nav class="pagination"[^>]*>(.*?)<\/nav>/.exec(html)?.[1] ?? "";
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => (m[1] ?? "").replaceAll("&amp;", "&"));

describe("the live-room pages", () => {
  let platform: TestPlatform;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    platform = await startTestPlatform({ performers: 3000, seed: 5, at: T0 });
    app = liveRoomsApp(platform.sandbox.url, { ageVerificationRegions: ["GB"] });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.sandbox.close();
  });
  beforeEach(() => platform.sandbox.faults.set({ extraFields: true }));

  const get = async (url: string, options: { userAgent?: string; from?: string } = {}) => {
    const response = await app.inject({
      method: "GET",
      url,
      headers: { "user-agent": options.userAgent ?? PERSON },
      remoteAddress: options.from ?? US,
    });
    return { status: response.statusCode, headers: response.headers, html: text(response.body) };
  };
  /** The same rooms through the JSON call (the proxy's cache answers both the same). */
  const api = async (query: string): Promise<{ count: number; results: OnlineRoom[] }> =>
    (await app.inject({ method: "GET", url: `/api/online_rooms?${query}` })).json();

  it("/ lists the default genders' rooms in the server HTML, each linking out with the campaign and filters", async () => {
    const page = await get("/");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["cache-control"]).toBe("private, max-age=30");
    expect(title(page.html)).toBe("Live cams on TestCams now | camstats");
    expect(canonical(page.html)).toBe("http://localhost/");
    expect(description(page.html)).toMatch(/^Who is live on TestCams right now/);
    expect(page.html).toContain('<h1 id="rooms-heading">Live cams on TestCams now</h1>');

    const expected = await api("gender=f&gender=c&offset=0");
    const shown = cards(page.html);
    expect(shown).toHaveLength(90);
    expect(shown.map((c) => c.username)).toEqual(expected.results.map((r) => r.username));
    for (const [i, card] of shown.entries()) {
      const room = expected.results[i] as OnlineRoom;
      expect(card.href).toBe(`${ROOM_LINK}${room.username}&amp;gender=f&amp;gender=c`);
      // The name leads to the performer's page here (issue 28).
      expect(card.html).toContain(`<a class="room-card__page-link" href="/${room.username}">`);
      expect(card.html).toContain(`<img src="${platform.sandbox.url}/ri/${room.username}.jpg" alt=""`);
      expect(card.html).toContain(`${room.viewers.toLocaleString("en-US")} viewers`);
      expect(card.html).toMatch(
        /class="room-card__status room-card__status--[1-6]">(Public|Private show|Hidden show|Away|Password protected|Unknown)</,
      );
      for (const tag of room.tags.slice(0, 8)) expect(card.html).toContain(`<a href="/tag/${tag}"`);
      expect(card.html).not.toContain("room-card__audit");
    }
    expect(page.html).toContain(`${expected.count.toLocaleString("en-US")} rooms online, page 1 of`);
    // The toggles show the default, disabled until the scripts run.
    expect(page.html).toMatch(/aria-pressed="true" disabled="">Female<\/button>/);
    expect(page.html).toMatch(/aria-pressed="false" disabled="">Male<\/button>/);
    expect(page.html).toMatch(/aria-pressed="true" disabled="">Couples<\/button>/);
    expect(page.html).toMatch(/aria-pressed="false" disabled="">Trans<\/button>/);
  });

  it("pages with ?page=: first, last, the pages around the current one, previous and next", async () => {
    const { count } = await api("gender=f&gender=c&offset=0");
    const last = Math.ceil(count / 90);
    expect(last).toBeGreaterThanOrEqual(3);
    const first = pager((await get("/")).html);
    expect(first).toMatch(/<span class="pagination__step pagination__step--off">Previous<\/span>/);
    expect(first).toMatch(/aria-current="page"><span class="sr-only">Page <\/span>1<\/span>/);
    expect(hrefs(first)[0]).toBe("/?page=2");
    expect(hrefs(first)).toContain(`/?page=${last}`);
    expect(first).toMatch(/<a class="pagination__step" rel="next" href="\/\?page=2"/);

    const second = await get("/?page=2");
    expect(second.status).toBe(200);
    expect(title(second.html)).toBe("Live cams on TestCams now (page 2) | camstats");
    expect(canonical(second.html)).toBe("http://localhost/?page=2");
    expect(cards(second.html).map((c) => c.username)).toEqual(
      (await api("gender=f&gender=c&offset=90")).results.map((r) => r.username),
    );
    const links = pager(second.html);
    expect(links).toMatch(/<a class="pagination__step" rel="prev" href="\/"/);
    expect(links).toMatch(
      /<span class="pagination__page pagination__page--current" aria-current="page"><span class="sr-only">Page <\/span>2<\/span>/,
    );
    expect(hrefs(links)).toContain("/");
    expect(hrefs(links)).toContain(`/?page=${last}`);
  });

  it("shows each card's raw status and viewers with ?audit, kept from page to page, out of search engines", async () => {
    const page = await get("/?audit");
    expect(page.status).toBe(200);
    expect(canonical(page.html)).toBe("http://localhost/");
    expect(page.html).toContain('<meta name="robots" content="noindex"/>');
    const { results } = await api("gender=f&gender=c&offset=0");
    for (const [i, card] of cards(page.html).entries()) {
      const room = results[i] as OnlineRoom;
      expect(card.html).toContain(`<code>status=${room.status} viewers=${room.viewers}</code>`);
    }
    expect(hrefs(pager(page.html))).toContain("/?audit=1&page=2");
    expect((await get("/?audit=0")).html).not.toContain("room-card__audit");
  });

  it("/tag/{tags} lists the rooms with every tag, and its links carry the tags", async () => {
    const page = await get("/tag/asian,latina");
    expect(page.status).toBe(200);
    expect(title(page.html)).toBe("#asian #latina live cams on TestCams | camstats");
    expect(canonical(page.html)).toBe("http://localhost/tag/asian,latina");
    const expected = await api("gender=f&gender=c&tag=asian&tag=latina");
    expect(expected.count).toBeGreaterThan(0);
    const shown = cards(page.html);
    expect(shown.map((c) => c.username)).toEqual(expected.results.map((r) => r.username));
    for (const card of shown) {
      expect(card.href).toBe(
        `${ROOM_LINK}${card.username}&amp;gender=f&amp;gender=c&amp;tag=asian&amp;tag=latina`,
      );
      expect(card.html).toContain('href="/tag/asian"');
      expect(card.html).toContain('href="/tag/latina"');
    }
    const one = await get("/tag/asian");
    expect(cards(one.html).length).toBeGreaterThan(shown.length);
  });

  it("/tag/{tags} reads any case and ignores what follows the tags; the canonical says which list it is", async () => {
    const upper = await get("/tag/ASIAN,asian");
    expect(upper.status).toBe(200);
    expect(canonical(upper.html)).toBe("http://localhost/tag/asian");
    const more = await get("/tag/latina/f/extra");
    expect(more.status).toBe(200);
    expect(canonical(more.html)).toBe("http://localhost/tag/latina");
    expect(cards(more.html).length).toBeGreaterThan(0);
  });

  it("/female-cams and /male-cams list that gender only, without the toggles", async () => {
    for (const [path, code, label] of [
      ["/female-cams", "f", "Female"],
      ["/male-cams", "m", "Male"],
    ] as const) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(title(page.html)).toBe(`${label} live cams on TestCams | camstats`);
      expect(canonical(page.html)).toBe(`http://localhost${path}`);
      expect(page.html).not.toContain("gender-toggles");
      const expected = await api(`gender=${code}`);
      expect(expected.results.every((r) => r.gender === code)).toBe(true);
      const shown = cards(page.html);
      expect(shown.map((c) => c.username)).toEqual(expected.results.map((r) => r.username));
      for (const card of shown) expect(card.href).toBe(`${ROOM_LINK}${card.username}&amp;gender=${code}`);
    }
  });

  it("the age pages keep the home list and add the way to the platform's section, with the campaign", async () => {
    const home = cards((await get("/")).html).map((c) => c.username);
    for (const [section, heading] of [
      ["teen-cams", "Teen cams (18+)"],
      ["18to21-cams", "18 to 21 year old cams"],
      ["20to30-cams", "20 to 30 year old cams"],
      ["30to50-cams", "30 to 50 year old cams"],
      ["mature-cams", "Mature cams"],
    ] as const) {
      const page = await get(`/${section}`);
      expect(page.status, section).toBe(200);
      expect(title(page.html)).toBe(`${heading} on TestCams | camstats`);
      expect(canonical(page.html)).toBe(`http://localhost/${section}`);
      expect(page.html).toContain(
        `<a href="https://sandbox-cams.example/${section}/?tour=LQps&amp;campaign=sandbox&amp;track=default" rel="sponsored nofollow noopener">`,
      );
      expect(page.html).toContain("gender-toggles");
      expect(cards(page.html).map((c) => c.username)).toEqual(home);
    }
  });

  it("answers an address that names no list with the 404 page", async () => {
    for (const url of [
      "/?page=0",
      "/?page=abc",
      "/?page=201",
      "/?page=-1",
      "/?page=1&page=2",
      "/female-cams?page=1.5",
      "/tag/asian?page=x",
      "/tag/bad%20tag",
      "/tag/%23asian",
      "/tag/a,,b",
      "/tag/a,b,c,d,e,f",
      `/tag/${"a".repeat(65)}`,
      "/teen-cams?page=999",
    ]) {
      const page = await get(url);
      expect(page.status, url).toBe(404);
      expect(page.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(page.html, url).toContain("<h1>Page not found</h1>");
      expect(title(page.html), url).toBe("Page not found | camstats");
      expect(page.html, url).toContain('<meta name="robots" content="noindex"/>');
      expect(page.html, url).toContain('<header class="site-header">');
    }
  });

  it("hides live thumbnails where age verification applies", async () => {
    const hidden = await get("/", { from: GB });
    expect(hidden.status).toBe(200);
    expect(cards(hidden.html).length).toBe(90);
    expect(hidden.html).not.toContain("/ri/");
    expect(hidden.html).toContain("Preview hidden where you are");
    const shown = await get("/", { from: US });
    expect(shown.html).toContain("/ri/");
  });

  it("lets crawlers skip the lookup: the thumbnails and every word", async () => {
    const page = await get("/", { from: GB, userAgent: CRAWLER });
    expect(page.status).toBe(200);
    expect(page.html).toContain(`${platform.sandbox.url}/ri/`);
    expect(page.html.trimEnd().endsWith("</html>")).toBe(true);
  });

  it("says the list is unavailable, with a 503 no one keeps, when the feed fails", async () => {
    platform.sandbox.faults.set({ extraFields: true, errorRate: 1 });
    const page = await get("/tag/feet,hairy,ebony");
    expect(page.status).toBe(503);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.html).toContain("The live rooms could not be loaded from TestCams just now.");
    expect(cards(page.html)).toEqual([]);
    expect(page.html).toContain('<footer class="site-footer">');
  });

  it("answers the client's data requests for a list", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/female-cams.data",
      headers: { "user-agent": PERSON },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/x-script/);
    expect(response.body).toContain("female-cams");
  });
});

describe("/go/{user}", () => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = testApp(NO_DATABASE, {
      platform: {
        feed: { baseUrl: "http://127.0.0.1:9", campaign: "camp1", clientIp: "request_ip" },
        site: "https://platform.example",
        imageOrigin: null,
        embedOrigin: null,
      },
    });
  });
  afterAll(() => app.close());

  it("redirects (302) to the user's room, lowercased, with the campaign", async () => {
    for (const [user, room] of [
      ["anna", "anna"],
      ["Sweet_Anna", "sweet_anna"],
      ["x.y-z_9", "x.y-z_9"],
    ]) {
      const response = await app.inject({ method: "GET", url: `/go/${user}` });
      expect(response.statusCode, user).toBe(302);
      expect(response.headers.location, user).toBe(
        `https://platform.example/in/?tour=LQps&campaign=camp1&track=default&room=${room}`,
      );
    }
  });

  it("answers a name that cannot be a username with the 404 page", async () => {
    for (const user of ["bad%20name", "-anna", "%3Cscript%3E", "a".repeat(65), "anna%2Fx", "%E2%9C%93"]) {
      const response = await app.inject({ method: "GET", url: `/go/${user}` });
      expect(response.statusCode, user).toBe(404);
      expect(response.headers.location, user).toBeUndefined();
      expect(response.body, user).toContain("<h1>Page not found</h1>");
    }
  });
});
