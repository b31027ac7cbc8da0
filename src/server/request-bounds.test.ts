import type { AddressInfo } from "node:net";
import net from "node:net";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { accountsSite } from "../../tests/helpers/accounts.ts";
import { testApp } from "../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { insertPerformer } from "../../tests/helpers/fixtures.ts";
import { FAVORITES_MAX_CHARACTERS, FAVORITES_MAX_NAMES } from "../lists/favorites-text.ts";
import {
  MAX_ABOUT_ME,
  MAX_GOAL_TEXT,
  MAX_GOAL_TOKENS,
  MAX_GOALS,
  MAX_SLOTS,
  MAX_TIP_MENU,
  MAX_TIP_MENU_ITEM,
  MAX_TIP_MENU_TOKENS,
} from "../profiles/profile-rules.ts";
import { BODY_TOO_LARGE } from "./api/api-error.ts";
import { REQUEST_BOUNDS } from "./request-bounds.ts";
import { ACCOUNT_SETTINGS_BODY_LIMIT, LIST_IMPORT_BODY_LIMIT } from "./route-body-limits.ts";

/**
 * Bounded requests (issue 27, point 7; decision 0032): bodies over their route's limit and JSON
 * nested too deep are refused before any handler or JSON.parse, the largest legitimate bodies
 * still pass, a trickled request is cut at its timeout, and one address holds a bounded number
 * of connections.
 */

const TOO_LARGE = { error: { status: 413, code: "body_too_large", message: BODY_TOO_LARGE.message } };
const TOO_DEEP = {
  error: { status: 400, code: "json_too_deep", message: "JSON nested deeper than 32 levels" },
};

describe("bodies: a limit per route, and a depth before the parse", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;
  let ann: { token: string };

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db);
    const performerId = await insertPerformer(t.db, {
      username: "alice",
      lastSeen: new Date().toISOString(),
    });
    await site.confirmedAccount("ann@example.com");
    ann = await site.signedIn("ann@example.com");
    const user = await t.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "ann@example.com")
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO performer_owners (performer_id, user_id, verified_at)
      VALUES (${performerId}, ${user.id}, now())`.execute(t.db);
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
  });
  afterEach(() => vi.restoreAllMocks());

  /** A POST of raw JSON text, as a client would send it. */
  const postText = (url: string, text: string, token?: string) =>
    site.app.inject({
      method: "POST",
      url,
      payload: text,
      headers: {
        "content-type": "application/json",
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
    });
  /** `body` as JSON, padded with spaces (still valid JSON, still the same body) to `bytes`. */
  const padded = (body: object, bytes: number) => {
    const text = JSON.stringify(body);
    return `${text.slice(0, -1)}${" ".repeat(bytes - Buffer.byteLength(text))}}`;
  };
  const ownedListNames = async () =>
    ((await site.get("/v1/owned_lists", ann.token)).json() as { name: string }[]).map((list) => list.name);

  it("takes 16 KiB for a JSON call: one byte more is a 413 and the call does nothing", async () => {
    expect(REQUEST_BOUNDS.bodyLimit).toBe(16 * 1024);
    const over = await postText("/v1/list_create", padded({ name: "Over" }, 16 * 1024 + 1), ann.token);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual(TOO_LARGE);
    expect(over.headers["cache-control"]).toBe("no-store");
    expect(await ownedListNames()).toEqual([]);

    const at = await postText("/v1/list_create", padded({ name: "At" }, 16 * 1024), ann.token);
    expect(at.statusCode).toBe(201);
    expect(await ownedListNames()).toEqual(["At"]);
  });

  it("refuses a megabyte of [ by its length, unread", async () => {
    const parse = vi.spyOn(JSON, "parse");
    const response = await postText("/v1/name-checker", "[".repeat(1024 * 1024));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(TOO_LARGE);
    expect(parse.mock.calls.filter(([text]) => typeof text === "string" && text.startsWith("[["))).toEqual(
      [],
    );
  });

  it("refuses JSON nested deeper than 32 levels with a 400, before JSON.parse sees it", async () => {
    const parse = vi.spyOn(JSON, "parse");
    const deep = "[".repeat(16 * 1024 - 1);
    const response = await postText("/v1/name-checker", deep);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(TOO_DEEP);
    expect(parse.mock.calls.filter(([text]) => text === deep)).toEqual([]);

    const oneOver = `${"[".repeat(33)}${"]".repeat(33)}`;
    expect((await postText("/v1/name-checker", oneOver)).json()).toEqual(TOO_DEEP);
    const objects = `${'{"name":'.repeat(33)}"alice"${"}".repeat(33)}`;
    expect((await postText("/v1/name-checker", objects)).json()).toEqual(TOO_DEEP);
    // At the limit the body is parsed, and the call's own rules refuse it.
    const atLimit = await postText("/v1/name-checker", `${"[".repeat(32)}${"]".repeat(32)}`);
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().error.code).toBe("invalid_parameter");
    // Brackets in strings are text, not depth.
    const brackets = await postText("/v1/name-checker", JSON.stringify({ name: "[".repeat(5000) }));
    expect(brackets.json().error).toMatchObject({ code: "invalid_parameter", parameter: "name" });
  });

  it("still refuses prototype poisoning, as Fastify's own parser does", async () => {
    for (const text of [
      '{"name":"alice","__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"a":1}}}',
    ]) {
      const response = await postText("/v1/name-checker", text);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          status: 400,
          code: "bad_request",
          message: "Body is not valid JSON but content-type is set to 'application/json'",
        },
      });
    }
  });

  /** A letter that UTF-8 writes in 4 bytes: the most a character of these fields can take. */
  const widest = (count: number) => "𝐀".repeat(count);
  const largestSettings = () => ({
    performer: "alice",
    aboutme: widest(MAX_ABOUT_ME),
    schedule: {
      timezone: "America/Argentina/Buenos_Aires",
      slots: Array.from({ length: MAX_SLOTS }, (_, i) => ({
        day: Math.floor(i / 4) + 1,
        start: ["00:00", "06:00", "12:00", "18:00"][i % 4],
        end: ["06:00", "12:00", "18:00", "24:00"][i % 4],
      })),
    },
    goals: Array.from({ length: MAX_GOALS }, () => ({
      text: widest(MAX_GOAL_TEXT),
      tokens: MAX_GOAL_TOKENS,
    })),
    shouldDisplayGoalDetailsOnProfile: true,
    tipMenu: Array.from({ length: MAX_TIP_MENU }, () => ({
      item: widest(MAX_TIP_MENU_ITEM),
      tokens: MAX_TIP_MENU_TOKENS,
    })),
  });

  it("takes the largest account settings its rules allow, pretty-printed, and no more", async () => {
    const text = JSON.stringify(largestSettings(), null, 2);
    const bytes = Buffer.byteLength(text);
    expect(bytes).toBeGreaterThan(2 * REQUEST_BOUNDS.bodyLimit);
    expect(bytes).toBeLessThanOrEqual(ACCOUNT_SETTINGS_BODY_LIMIT);
    const saved = await postText("/v1/account_settings", text, ann.token);
    expect(saved.statusCode).toBe(200);
    const stored = (await site.get("/v1/account_settings?performer=alice", ann.token)).json();
    expect(stored.tipMenu).toHaveLength(MAX_TIP_MENU);
    expect(stored.aboutMe === widest(MAX_ABOUT_ME)).toBe(true);

    const over = await postText(
      "/v1/account_settings",
      padded({ ...largestSettings(), aboutme: "changed" }, ACCOUNT_SETTINGS_BODY_LIMIT + 1),
      ann.token,
    );
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual(TOO_LARGE);
    const after = (await site.get("/v1/account_settings?performer=alice", ann.token)).json();
    expect(after.aboutMe === widest(MAX_ABOUT_ME)).toBe(true);
  });

  it("takes a list import of the most characters and names, each character 3 bytes", async () => {
    const listId = (await site.post("/v1/list_create", { name: "Imported" }, { token: ann.token })).json()
      .listId as string;
    const names = Array.from({ length: FAVORITES_MAX_NAMES }, (_, i) => `fan_${i}`);
    // Ideographic spaces (U+3000, 3 bytes) between the names, to the most characters allowed.
    const joined = names.join("\u3000");
    const favorites = joined + "\u3000".repeat(FAVORITES_MAX_CHARACTERS - joined.length);
    expect(favorites).toHaveLength(FAVORITES_MAX_CHARACTERS);
    const text = JSON.stringify({ listId, favorites, dryRun: true });
    expect(Buffer.byteLength(text)).toBeGreaterThan(500_000);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(LIST_IMPORT_BODY_LIMIT);
    const preview = await postText("/v1/list_import_favorites", text, ann.token);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().unknown).toHaveLength(FAVORITES_MAX_NAMES);

    const over = await postText(
      "/v1/list_import_favorites",
      padded({ listId, favorites: "alice", dryRun: false }, LIST_IMPORT_BODY_LIMIT + 1),
      ann.token,
    );
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual(TOO_LARGE);
    const list = (await site.get(`/v1/lists/${listId}`, ann.token)).json();
    expect(list.performers).toEqual([]);
  });
});

/** A raw connection to `port`: what it received, and when it closed (ms after it opened). */
function rawConnection(port: number) {
  const socket = net.connect({ host: "127.0.0.1", port });
  const opened = performance.now();
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    received += chunk;
  });
  // A connection the server destroys may fail a write: that is what is tested, not an error.
  socket.on("error", () => {});
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) =>
    socket.on("close", () => resolve({ afterMs: performance.now() - opened, received })),
  );
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  /** The next complete answer's status line (received so far counts). */
  const answered = () =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = /^HTTP\/1\.1 \d{3}[^\r]*/.exec(received);
        if (match && /\r\n\r\n/.test(received)) {
          socket.off("data", check);
          resolve(match[0]);
        }
      };
      socket.on("data", check);
      socket.once("close", () => reject(new Error(`closed after receiving ${JSON.stringify(received)}`)));
      check();
    });
  return { socket, closed, connected, answered };
}

const HEALTH = "GET /api/health HTTP/1.1\r\nHost: camstats.test\r\n\r\n";

describe("connections: timeouts and caps", () => {
  let t: TestDatabase;
  const apps: FastifyInstance[] = [];
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(async () => {
    await t?.drop();
  });

  const listening = async (options: Parameters<typeof testApp>[1]) => {
    const app = testApp(t.db, options);
    apps.push(app);
    await app.listen({ host: "127.0.0.1", port: 0 });
    return (app.server.address() as AddressInfo).port;
  };
  const connect = (port: number) => {
    const connection = rawConnection(port);
    sockets.push(connection.socket);
    return connection;
  };
  // Timeouts of a second instead of 30: Node looks for late requests every 100 ms.
  const shortTimeouts = { headersTimeoutMs: 500, requestTimeoutMs: 1000, timeoutCheckMs: 100 };
  const REQUEST_TIMEOUT = {
    error: {
      status: 408,
      code: "request_timeout",
      message: "the request took too long to arrive; send it again, whole",
    },
  };
  const bodyOf = (received: string) => JSON.parse(received.slice(received.indexOf("\r\n\r\n") + 4));

  it("cuts a body trickled a byte at a time at the request timeout, with a 408", async () => {
    const port = await listening({ requestBounds: shortTimeouts });
    const { socket, connected, closed } = connect(port);
    await connected;
    socket.write(
      "POST /v1/name-checker HTTP/1.1\r\nHost: camstats.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
    );
    const trickle = setInterval(() => socket.writable && socket.write(" "), 50);
    const { afterMs, received } = await closed;
    clearInterval(trickle);
    expect(afterMs).toBeGreaterThanOrEqual(1000);
    expect(afterMs).toBeLessThan(2500);
    expect(received.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    expect(received).toContain("\r\nConnection: close\r\n");
    expect(bodyOf(received)).toEqual(REQUEST_TIMEOUT);
  });

  it("cuts headers trickled a byte at a time at the headers timeout, and a silent connection too", async () => {
    const port = await listening({ requestBounds: shortTimeouts });
    const slow = connect(port);
    const silent = connect(port);
    await Promise.all([slow.connected, silent.connected]);
    slow.socket.write("GET /api/health HTTP/1.1\r\nHost: camstats.test\r\n");
    const trickle = setInterval(() => slow.socket.writable && slow.socket.write("X"), 50);
    const [cut, quiet] = await Promise.all([slow.closed, silent.closed]);
    clearInterval(trickle);
    for (const { afterMs } of [cut, quiet]) {
      expect(afterMs).toBeGreaterThanOrEqual(500);
      expect(afterMs).toBeLessThan(2000);
    }
    expect(cut.received.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    expect(bodyOf(cut.received)).toEqual(REQUEST_TIMEOUT);
  });

  it("closes the connection one address opens over its cap at once, and takes one again when one closes", async () => {
    const port = await listening({ requestBounds: { maxConnectionsPerAddress: 3 } });
    const held = [connect(port), connect(port), connect(port)];
    for (const connection of held) {
      await connection.connected;
      connection.socket.write(HEALTH);
      expect(await connection.answered()).toBe("HTTP/1.1 200 OK");
    }
    const fourth = connect(port);
    fourth.socket.write(HEALTH);
    const refused = await fourth.closed;
    expect(refused.received).toBe("");
    expect(refused.afterMs).toBeLessThan(1000);

    held[0]?.socket.end();
    await held[0]?.closed;
    // The server counts the close when it sees it: the next connection within a moment is served.
    let served = "";
    for (let tries = 0; tries < 20 && served === ""; tries++) {
      const next = connect(port);
      next.socket.write(HEALTH);
      served = await next.answered().catch(() => "");
      if (served === "") await new Promise((r) => setTimeout(r, 50));
    }
    expect(served).toBe("HTTP/1.1 200 OK");
  });

  it("leaves the trusted proxies out of the per-address cap, and caps every connection in all", async () => {
    const proxied = await listening({
      trustedProxies: ["127.0.0.0/8"],
      requestBounds: { maxConnectionsPerAddress: 2 },
    });
    for (const connection of [connect(proxied), connect(proxied), connect(proxied)]) {
      connection.socket.write(HEALTH);
      expect(await connection.answered()).toBe("HTTP/1.1 200 OK");
    }

    const capped = await listening({ requestBounds: { maxConnections: 2 } });
    for (const connection of [connect(capped), connect(capped)]) {
      connection.socket.write(HEALTH);
      expect(await connection.answered()).toBe("HTTP/1.1 200 OK");
    }
    const third = connect(capped);
    third.socket.write(HEALTH);
    expect((await third.closed).received).toBe("");
  });
});
