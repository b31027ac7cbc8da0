import { createServer, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { renderPlayerPage } from "../../src/sandbox/player.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { seedPerformerFixture } from "../helpers/performer-fixture.ts";
import { DESKTOP, PHONE } from "./browser.ts";
import { browserSite } from "./browser-site.ts";
import { closeServer, heading, originOf, startImageHost } from "./page-helpers.ts";

/** The platform's player stand-in: the sandbox's moving picture of any room at /embed/{user}/. */
function startPlayer(): Promise<Server> {
  const server = createServer((request, response) => {
    const name = /^\/embed\/([a-z0-9_]+)\/\?/.exec(request.url ?? "")?.[1];
    if (name === undefined) return void response.writeHead(404).end();
    const room = { username: name, viewers: 321, show: "public" } as Parameters<typeof renderPlayerPage>[1];
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(renderPlayerPage(name, room));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("the live video preview in a browser", () => {
  let t: TestDatabase;
  let images: Server;
  let player: Server;
  let app: FastifyInstance;

  const { open } = browserSite(async () => {
    t = await createTestDatabase();
    await seedPerformerFixture(t.db);
    images = await startImageHost();
    player = await startPlayer();
    app = testApp(t.db, {
      imageHost: originOf(images),
      platform: {
        feed: { baseUrl: "http://127.0.0.1:9", campaign: "camp1", clientIp: "request_ip" },
        site: "https://platform.example",
        imageOrigin: originOf(images),
        embedOrigin: originOf(player),
      },
      config: loadConfig({ PLATFORM_NAME: "TestCams" }),
      pageCache: false,
    });
    return { app, cleanUp: [() => closeServer(images), () => closeServer(player), () => t.drop()] };
  });

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`plays a live room on its performer page at ${viewport.width} px (${name})`, async () => {
      const { page, errors } = await open("/alice_cam", { viewport });
      await heading(page, "alice_cam");
      const frame = page.locator("iframe.performer__player");
      await frame.waitFor();
      expect(await frame.getAttribute("src")).toBe(
        `${originOf(player)}/embed/alice_cam/?tour=LQps&campaign=camp1&track=embed&room=alice_cam`,
      );
      // The player's page loaded inside it (the page's policy lets only this origin be framed).
      await expect
        .poll(() => page.frameLocator("iframe.performer__player").locator("svg").getAttribute("aria-label"))
        .toBe("alice_cam: LIVE · 321 watching");
      expect(await page.locator(".performer__thumb:not(.performer__thumb--profile)").count()).toBe(0);
      expect(errors).toEqual([]);
    });
  }

  it("never loads the player for a crawler or without scripts", async () => {
    const crawler = await open("/alice_cam", {
      userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)",
    });
    await heading(crawler.page, "alice_cam");
    expect(await crawler.page.locator("iframe").count()).toBe(0);
    const plain = await open("/alice_cam", { javaScript: false });
    expect(await plain.page.locator("iframe").count()).toBe(0);
  });
});
