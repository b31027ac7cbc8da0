import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveRoomsApp } from "../../../../tests/helpers/api.ts";
import { canonical } from "../../../../tests/helpers/page-html.ts";
import { startTestPlatform, type TestPlatform } from "../../../../tests/helpers/platform.ts";
import type { OnlineRoom } from "../../../online-rooms/room.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";

/** /1080p and /4k: the feed's HD rooms (hd=true), rendered by the server over the sandbox's feed. */

const T0 = Date.UTC(2026, 10, 18, 21, 0);
const PERSON =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

const text = (html: string) => html.replaceAll("<!-- -->", "");
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const cardNames = (html: string) =>
  [...html.matchAll(/<a class="room-card__page-link" href="[^"]*">([^<]*)</g)].map((m) => m[1]);

describe("the HD pages", () => {
  let platform: TestPlatform;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    platform = await startTestPlatform({ performers: 3000, seed: 5, at: T0 });
    app = liveRoomsApp(platform.sandbox.url);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.sandbox.close();
  });

  const get = async (url: string) => {
    const response = await app.inject({ method: "GET", url, headers: { "user-agent": PERSON } });
    return { status: response.statusCode, headers: response.headers, html: text(response.body) };
  };
  const api = async (query: string): Promise<{ count: number; results: OnlineRoom[] }> =>
    (await app.inject({ method: "GET", url: `/api/online_rooms?${query}` })).json();

  it("/1080p lists the default genders' HD rooms, canonical to itself, private like every live list", async () => {
    const page = await get("/1080p");
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, max-age=30");
    expect(title(page.html)).toBe("1080p HD live cams on TestCams | camstats");
    expect(canonical(page.html)).toBe("http://localhost/1080p");
    expect(page.html).toContain('<h1 id="rooms-heading">1080p HD live cams on TestCams</h1>');
    const hd = await api("gender=f&gender=c&offset=0&hd=true");
    const every = await api("gender=f&gender=c&offset=0");
    expect(hd.count).toBeLessThan(every.count);
    expect(cardNames(page.html)).toEqual(hd.results.map((r) => r.username));
    expect(page.html).toContain(`${hd.count.toLocaleString("en-US")} rooms online, page 1 of`);
    // The gender toggles and the pager of the live-room pages.
    expect(page.html).toMatch(/aria-pressed="true" disabled="">Female<\/button>/);
    expect(page.html).toMatch(/<a class="pagination__step" rel="next" href="\/1080p\?page=2"/);
  });

  it("/1080p?page=2 is the second page of HD rooms", async () => {
    const page = await get("/1080p?page=2");
    expect(page.status).toBe(200);
    expect(canonical(page.html)).toBe("http://localhost/1080p?page=2");
    const hd = await api("gender=f&gender=c&offset=90&hd=true");
    expect(cardNames(page.html)).toEqual(hd.results.map((r) => r.username));
  });

  it("/4k lists the same HD rooms under its own title, says why, and is canonical to /1080p", async () => {
    const page = await get("/4k");
    expect(page.status).toBe(200);
    expect(title(page.html)).toBe("4K live cams on TestCams | camstats");
    expect(page.html).toContain('<h1 id="rooms-heading">4K live cams on TestCams</h1>');
    expect(page.html).toContain(
      "The platform&#x27;s feed marks rooms HD without telling 4K apart from 1080p",
    );
    expect(page.html).toContain('href="/1080p"');
    expect(canonical(page.html)).toBe("http://localhost/1080p");
    const hd = await api("gender=f&gender=c&offset=0&hd=true");
    expect(cardNames(page.html)).toEqual(hd.results.map((r) => r.username));
    expect(canonical((await get("/4k?page=2")).html)).toBe("http://localhost/1080p?page=2");
    // Its own pager stays on /4k.
    expect(page.html).toMatch(/<a class="pagination__step" rel="next" href="\/4k\?page=2"/);
  });

  it("answers a page number out of range with the 404 page", async () => {
    for (const url of ["/1080p?page=0", "/4k?page=abc", "/1080p?page=201"]) {
      expect((await get(url)).status, url).toBe(404);
    }
  });
});
