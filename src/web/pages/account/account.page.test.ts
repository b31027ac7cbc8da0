import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_DATABASE, testApp } from "../../../../tests/helpers/api.ts";
import { BROWSER } from "../../../../tests/helpers/page-html.ts";
import { loadConfig } from "../../../config.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";

/**
 * The account pages through the app (DESIGN.md §8: caches never mix people): /settings and /logout
 * are an anonymous shell the browser fills in, sent `private, no-store`, and never kept by the
 * page cache, even when it would keep a page from its first render.
 */
describe("the account pages", () => {
  let app: FastifyInstance;
  beforeAll(() => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    const config = loadConfig({ PLATFORM_NAME: "TestCams", FEEDBACK_EMAIL: "hello@camstats.test" });
    app = testApp(NO_DATABASE, { config, pageCache: { keepFirstRender: true } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers: { "user-agent": BROWSER, ...headers } });

  for (const path of ["/settings", "/logout", "/claim/someperformer", "/optout/someperformer"]) {
    it(`${path} is the same anonymous shell for everyone, private and never kept`, async () => {
      const first = await get(path);
      expect(first.statusCode).toBe(200);
      expect(first.headers["cache-control"]).toBe("private, no-store");
      expect(first.headers["set-cookie"]).toBeUndefined();
      const again = await get(path);
      // A kept page would come back with an Age header; these are rendered afresh every time.
      expect(again.headers.age).toBeUndefined();
      expect(again.headers["cache-control"]).toBe("private, no-store");
      // A visitor with a (made-up) refresh cookie and token gets the very same page: nothing of
      // theirs reaches the server's render.
      const signedIn = await get(path, {
        cookie: "camstats_refresh=abc; other=1",
        authorization: "Bearer not-a-real-token",
      });
      expect(signedIn.body).toBe(first.body);
      expect(first.body).toContain('<meta name="robots" content="noindex"/>');
      expect(first.body).toContain('class="account-menu"');
      expect(first.body).not.toContain("Signed in as");
    });
  }

  it("/settings says it is checking the sign-in, with a note for browsers without scripts", async () => {
    const html = (await get("/settings")).body;
    expect(html).toContain("<h1>Account settings</h1>");
    expect(html).toContain("Checking whether you are signed in");
    expect(html).toContain("Signing in needs JavaScript");
    expect(html).not.toMatch(/type="password"/);
  });

  it("/settings shows a confirmation link's outcome from its address", async () => {
    expect((await get("/settings?email=verified")).body).toContain("Your e-mail address is confirmed");
    const expired = (await get("/settings?email=expired")).body;
    expect(expired).toContain("This confirmation link has expired");
    expect(expired).toContain("Send the link again");
    expect((await get("/settings?signin=google-failed&reason=access_denied")).body).toContain(
      "Signing in with Google did not work",
    );
  });

  it("/claim/{user} and /optout/{user} name the performer and wait for the browser's sign-in", async () => {
    const claim = (await get("/claim/SomePerformer")).body;
    expect(claim).toContain("Are you someperformer? Prove it");
    expect(claim).toContain("What verifying gives you");
    expect(claim).toContain("Checking whether you are signed in");
    expect(claim).not.toMatch(/CS-[0-9A-Z]{4}-/);
    const optout = (await get("/optout/someperformer")).body;
    expect(optout).toContain("<h1>Opt someperformer out</h1>");
    expect(optout).toContain("Checking whether you are signed in");
  });

  it("/logout links home for browsers without scripts", async () => {
    const html = (await get("/logout")).body;
    expect(html).toMatch(/<a href="\/"[^>]*>Go to the home page<\/a>/);
  });

  it("the pages' data requests are private too", async () => {
    const data = await get("/settings.data");
    expect(data.statusCode).toBe(200);
    expect(data.headers["cache-control"]).toBe("private, no-store");
    expect((await get("/settings.data")).headers.age).toBeUndefined();
  });
});
