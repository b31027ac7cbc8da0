import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../../../tests/helpers/accounts.ts";
import { testApp } from "../../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../../tests/helpers/fixtures.ts";
import { BROWSER } from "../../../../tests/helpers/page-html.ts";
import { loadConfig } from "../../../config.ts";
import { publishPublicLists } from "../../../publish/public-lists.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";
import { LIST_PAGE_CACHE_CONTROL } from "./list-page-data.ts";

const HOSTILE_NAME = `<script>alert("name")</script> & friends`;
const HOSTILE_DESCRIPTION = `<img src=x onerror="alert(1)"> <b>bold</b>`;

/**
 * The lists' pages through the app (issue 18): /lists renders the public lists on the server,
 * /mylists opens its tab 1, a public list's page is server-rendered with OG tags, its feed link
 * and a minute's cache, a private list is the 404 page to the anonymous render, and names and
 * descriptions are text, never markup.
 */
describe("the lists' pages", () => {
  let t: TestDatabase;
  let publishDir: string;
  let pages: FastifyInstance;
  let publicId: string;
  let hostileId: string;
  let privateId: string;

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    publishDir = await mkdtemp(join(tmpdir(), "lists-pages-"));
    const now = Date.now();
    await insertPerformer(t.db, { username: "ann_live", lastSeen: new Date(now - 60_000).toISOString() });
    await insertPerformer(t.db, {
      username: "bea",
      followers: 1200,
      lastSeen: new Date(now - 3 * 86_400_000).toISOString(),
    });
    const site = accountsSite(t.db);
    await site.confirmedAccount("owner@example.com");
    const { token } = await site.signedIn("owner@example.com");
    const create = async (body: object) => {
      const answer = await site.post("/v1/list_create", body, { token });
      expect(answer.statusCode).toBe(201);
      return answer.json<{ listId: string }>().listId;
    };
    publicId = await create({ name: "Evening favourites", description: "", isPublic: true });
    hostileId = await create({ name: HOSTILE_NAME, description: HOSTILE_DESCRIPTION, isPublic: true });
    privateId = await create({ name: "Secret picks", description: "mine only", isPublic: false });
    for (const name of ["ann_live", "bea"]) {
      const added = await site.post(
        "/v1/list_add_performer",
        { listId: publicId, performerName: name },
        { token },
      );
      expect(added.statusCode).toBe(200);
    }
    await site.app.close();
    await publishPublicLists(t.db, publishDir);
    pages = testApp(t.db, { config: loadConfig({ PLATFORM_NAME: "TestCams" }), publishDir });
  });
  afterAll(async () => {
    await pages?.close();
    await t?.drop();
    if (publishDir) await rm(publishDir, { recursive: true, force: true });
  });

  const get = (url: string) => pages.inject({ method: "GET", url, headers: { "user-agent": BROWSER } });

  it("/lists renders the public lists on the server, and no private one", async () => {
    const page = await get("/lists");
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe(LIST_PAGE_CACHE_CONTROL);
    expect(page.body).toContain("<h1>Model lists</h1>");
    expect(page.body).toContain(`href="/lists/${publicId}">Evening favourites</a>`);
    expect(page.body).toContain("2 performers");
    expect(page.body).toContain(`href="/lists/${hostileId}"`);
    expect(page.body).not.toContain("Secret picks");
    expect(page.body).not.toContain(privateId);
    // The tab in the address: the first one is current.
    expect(page.body).toMatch(/<a(?=[^>]*href="\/lists")(?=[^>]*aria-current="page")[^>]*>Public lists</);
  });

  it("/mylists lands on /lists at tab index 1, which waits for the browser's sign-in", async () => {
    const redirect = await get("/mylists");
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe("/lists?tab=1");
    const tab = await get("/lists?tab=1");
    expect(tab.statusCode).toBe(200);
    expect(tab.body).toMatch(/<a(?=[^>]*href="\/lists\?tab=1")(?=[^>]*aria-current="page")[^>]*>My Lists</);
    expect(tab.body).toContain("Checking whether you are signed in");
    expect(tab.body).not.toMatch(/<a[^>]*>Evening favourites</);
  });

  it("a public list's page has its name, performers, OG tags, feed link and a minute's cache", async () => {
    const page = await get(`/lists/${publicId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("public, max-age=60");
    expect(page.body).toContain("<h1>Evening favourites</h1>");
    expect(page.body).toContain("<title>Evening favourites | camstats</title>");
    expect(page.body).toContain('<meta property="og:title" content="Evening favourites"/>');
    // No description of its own: the count of performers stands in.
    expect(page.body).toContain('<meta property="og:description" content="2 performers"/>');
    expect(page.body).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Evening favourites: go-lives" href="/lists/${publicId}/feed.atom"/>`,
    );
    expect(page.body).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/lists/${publicId}"/>`));
    // Live first (the server's order), then the others with their last broadcast.
    expect(page.body.indexOf("ann_live")).toBeLessThan(page.body.indexOf(">bea<"));
    expect(page.body).toContain("Live now");
    expect(page.body).toContain("3 days ago");
  });

  it("a private list's page is the 404 page for the anonymous render", async () => {
    const page = await get(`/lists/${privateId}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("Page not found");
    expect(page.body).not.toContain("Secret picks");
    expect(page.body).not.toContain("mine only");
    // An unknown id and a malformed one read the same.
    expect((await get("/lists/AAAAAAAAAAAA")).statusCode).toBe(404);
    expect((await get("/lists/not-an-id")).statusCode).toBe(404);
  });

  it("names and descriptions with markup are shown as text", async () => {
    for (const path of ["/lists", `/lists/${hostileId}`]) {
      const body = (await get(path)).body;
      expect(body, path).not.toContain('<script>alert("name")');
      expect(body, path).not.toContain("<img src=x");
      expect(body, path).not.toContain("<b>bold</b>");
    }
    const page = (await get(`/lists/${hostileId}`)).body;
    expect(page).toContain("&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt; &amp; friends");
    expect(page).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &lt;b&gt;bold&lt;/b&gt;");
  });

  it("/lists/import is an account page: never kept, not indexed", async () => {
    const page = await get("/lists/import");
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.body).toContain('<meta name="robots" content="noindex"/>');
    expect(page.body).toContain("<h1>Import a list</h1>");
  });

  it("the sitemap lists the public lists and not the private one", async () => {
    const index = (await get("/sitemap.xml")).body;
    expect(index).toContain("/sitemap-lists-1.xml</loc>");
    const lists = await get("/sitemap-lists-1.xml");
    expect(lists.statusCode).toBe(200);
    expect(lists.body).toContain(`/lists/${publicId}</loc>`);
    expect(lists.body).toContain(`/lists/${hostileId}</loc>`);
    expect(lists.body).not.toContain(privateId);
    expect((await get("/sitemap-lists-2.xml")).statusCode).toBe(404);
  });
});
