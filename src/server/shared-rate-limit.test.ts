import { describe, expect, it } from "vitest";
import { NO_DATABASE } from "../../tests/helpers/api.ts";
import { buildApp } from "./app.ts";
import { RateWindows } from "./rate-windows.ts";
import { answerRateRequest, type RateChannel, sharedRateLimitStore } from "./shared-rate-limit.ts";

/**
 * Two apps standing for two server processes, each with an IPC channel to one "main process"
 * that keeps the windows: the limit is the address's requests to both together.
 */
function cluster() {
  const windows = new RateWindows();
  const disconnects: (() => void)[] = [];
  let connected = true;
  const channel = (): RateChannel => {
    const listeners: ((message: unknown) => void)[] = [];
    return {
      send(message) {
        if (!connected) throw new Error("channel closed");
        // Answered later, as a reply over a pipe would be.
        setImmediate(() => {
          const reply = answerRateRequest(windows, message);
          for (const listener of listeners) listener(reply);
        });
      },
      onMessage: (listener) => listeners.push(listener),
      onDisconnect: (listener) => disconnects.push(listener),
    };
  };
  const app = () =>
    buildApp({
      db: NO_DATABASE,
      publishDir: "/nonexistent",
      rateLimitPerMinute: 3,
      rateLimitStore: sharedRateLimitStore(channel()),
    });
  const disconnect = () => {
    connected = false;
    for (const listener of disconnects) listener();
  };
  return { apps: [app(), app()], disconnect };
}

const geoip = { method: "GET" as const, url: "/api/geoip", remoteAddress: "8.8.8.8" };

describe("the rate limit shared by the server processes", () => {
  it("counts an address's requests to every process in one window, with the API's 429", async () => {
    const { apps } = cluster();
    const [a, b] = apps as [ReturnType<typeof buildApp>, ReturnType<typeof buildApp>];
    try {
      expect((await a.inject(geoip)).statusCode).toBe(200);
      expect((await b.inject(geoip)).statusCode).toBe(200);
      const third = await a.inject(geoip);
      expect(third.statusCode).toBe(200);
      expect(third.headers["x-ratelimit-remaining"]).toBe("0");
      const refused = await b.inject(geoip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: {
          status: 429,
          code: "rate_limited",
          message: expect.stringMatching(
            /^too many requests: at most 3 a minute from one address; try again in/,
          ),
        },
      });
      // Another address has its own window.
      expect((await b.inject({ ...geoip, remoteAddress: "81.2.69.142" })).statusCode).toBe(200);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });

  it("lets requests through once the main process is gone, rather than fail them", async () => {
    const { apps, disconnect } = cluster();
    const [a] = apps as [ReturnType<typeof buildApp>];
    try {
      disconnect();
      for (let i = 0; i < 5; i++) expect((await a.inject(geoip)).statusCode).toBe(200);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });

  it("counts a route's own limit under keys of its own, apart from the site's windows", () => {
    const sent: unknown[] = [];
    const Store = sharedRateLimitStore({
      send: (message) => sent.push(message),
      onMessage: () => {},
      onDisconnect: () => {},
    });
    const site = new Store();
    const route = site.child({ routeInfo: { method: "GET", url: "/bingo-card-creator/card.png" } });
    site.incr("8.8.8.8|page", () => {});
    route.incr("8.8.8.8|page", () => {});
    // createRateLimit's children name their keys themselves.
    site.child({ routeInfo: {} }).incr("8.8.8.8|bingo-drawing", () => {});
    expect(sent.map((m) => (m as { key: string }).key)).toEqual([
      "8.8.8.8|page",
      "GET /bingo-card-creator/card.png|8.8.8.8|page",
      "8.8.8.8|bingo-drawing",
    ]);
  });
});
