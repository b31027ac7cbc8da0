import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../log.ts";
import type { StoredMail } from "../../mail/mail-store.ts";
import { createMailer, type Mailer } from "../../mail/mailer.ts";
import { type MailSink, startMailSink } from "../../mail/sink.ts";
import { siteMailer } from "../../mail/site-mailer.ts";
import { DEV_MAIL_POLICY } from "../../site/content-security-policy.ts";
import { devToolsRule } from "../../site/dev-tools.ts";
import type { Lifecycle } from "../../start/lifecycle.ts";
import { startMailSinkUnlessSmtp } from "../../start/mail-sink.ts";
import { startSiteServer } from "../../start/site-server.ts";
import { buildApp } from "../app.ts";

/**
 * The embedded sink end to end: the nodemailer mailer sends to it over SMTP on loopback, it keeps
 * each message as a file, and /dev/mail.json and /dev/mail read them back through the app. With
 * SMTP_URL set, those paths do not exist.
 */

const log = createLogger("silent");
const from = { name: "camstats", address: "no-reply@localhost" };

describe("the local mail sink and /dev/mail", () => {
  let t: TestDatabase;
  let root: string;
  let dir: string;
  let sink: MailSink;
  let mailer: Mailer;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestDatabase();
    root = await mkdtemp(path.join(tmpdir(), "camstats-dev-mail-"));
    dir = path.join(root, "mail");
    sink = await startMailSink({ dir, port: 0, log });
    mailer = createMailer({ smtpUrl: sink.url, from, db: t.db, perRecipientPerHour: 10 });
    app = buildApp({ db: t.db, publishDir: path.join(root, "public"), devMailDir: dir });
  });
  afterAll(async () => {
    await app.close();
    await mailer.close();
    await sink.close();
    await t.drop();
    await rm(root, { recursive: true, force: true });
  });

  const listJson = async (query = ""): Promise<StoredMail[]> => {
    const response = await app.inject({ method: "GET", url: `/dev/mail.json${query}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    return response.json();
  };

  it("keeps what the mailer sends over SMTP and lists it, newest first, with its links", async () => {
    expect(sink.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    const first = await mailer.send({
      to: "Ada@Example.com",
      subject: "Confirm your address",
      text: "Confirm: http://localhost:3000/verify?token=abc123.\nIgnore this if it was not you.",
      html: '<p><a href="http://localhost:3000/verify?token=abc123&amp;from=mail">Confirm</a></p>',
      kind: "verify-email",
    });
    expect(first).toMatch(/^<.+@.+>$/);
    await mailer.send({
      to: "bob@example.com",
      subject: "Reset",
      text: "https://x.example/r",
      kind: "reset",
    });

    const all = await listJson();
    expect(all.map((m) => m.subject)).toEqual(["Reset", "Confirm your address"]);
    const [ada] = await listJson("?to=ADA@example.COM");
    expect(ada).toMatchObject({
      to: ["ada@example.com"],
      from: '"camstats" <no-reply@localhost>',
      subject: "Confirm your address",
      text: "Confirm: http://localhost:3000/verify?token=abc123.\nIgnore this if it was not you.",
      links: [
        "http://localhost:3000/verify?token=abc123",
        "http://localhost:3000/verify?token=abc123&from=mail",
      ],
    });
    expect(ada?.html).toContain('href="http://localhost:3000/verify?token=abc123&amp;from=mail"');
    expect(ada?.id).toMatch(/^\d{13}-[0-9a-f]{8}$/);
    expect(Date.parse(ada?.receivedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(await listJson("?to=nobody@example.com")).toEqual([]);
    expect(await listJson("?to=")).toHaveLength(2);
  });

  it("shows the messages as a page of its own: escaped, no script, links clickable, never cached", async () => {
    await mailer.send({
      to: "eve@example.com",
      subject: "<script>alert(1)</script>",
      text: "Go to https://camstats.example/reset?t=1&u=2 now",
      html: "<script>alert('html')</script><p>hi</p>",
      kind: "reset",
    });
    const response = await app.inject({ method: "GET", url: "/dev/mail?to=eve@example.com" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-security-policy"]).toBe(DEV_MAIL_POLICY);
    expect(DEV_MAIL_POLICY).toContain("default-src 'none'");
    expect(DEV_MAIL_POLICY).not.toMatch(/script-src/);
    const page = response.body;
    expect(page).not.toContain("<script");
    expect(page).toContain("<h2 id=");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain(
      '<a href="https://camstats.example/reset?t=1&amp;u=2">https://camstats.example/reset?t=1&amp;u=2</a>',
    );
    expect(page).toContain("Go to https://camstats.example/reset?t=1&amp;u=2 now");
    expect(page).not.toContain("Confirm your address"); // another recipient's
  });

  it("refuses a recipient that is no address, in the API's error shape", async () => {
    for (const url of [
      "/dev/mail.json?to=not-an-address",
      "/dev/mail?to=a@b.com%0d%0aX:1",
      "/dev/mail.json?to=a&to=b",
    ]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toMatchObject({
        status: 400,
        code: "invalid_parameter",
        parameter: "to",
      });
    }
  });

  it("shows the mail only to this machine, and not through a proxy", async () => {
    for (const request of [
      { remoteAddress: "203.0.113.7" },
      { remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.7" } },
      { remoteAddress: "::1", headers: { forwarded: "for=203.0.113.7" } },
      // Every header by which a proxy names the client (issue 27: X-Real-IP once got through).
      ...[
        "x-real-ip",
        "x-client-ip",
        "cf-connecting-ip",
        "true-client-ip",
        "fastly-client-ip",
        "x-cluster-client-ip",
        "x-forwarded-host",
      ].map((name) => ({ remoteAddress: "127.0.0.1", headers: { [name]: "203.0.113.7" } })),
      // A proxy that passes the public Host on and names no client.
      { remoteAddress: "127.0.0.1", headers: { host: "stats.example.com" } },
    ]) {
      for (const url of ["/dev/mail.json", "/dev/mail"]) {
        const response = await app.inject({ method: "GET", url, ...request });
        expect(response.statusCode, `${url} ${JSON.stringify(request)}`).toBe(403);
        expect(response.json().error.code).toBe("forbidden");
      }
    }
    const local = await app.inject({ method: "GET", url: "/dev/mail.json", remoteAddress: "::1" });
    expect(local.statusCode).toBe(200);
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000"]) {
      const direct = await app.inject({
        method: "GET",
        url: "/dev/mail.json",
        remoteAddress: "127.0.0.1",
        headers: { host },
      });
      expect(direct.statusCode, host).toBe(200);
    }
  });

  /** A site server handed the sink's URL anyway: /dev/mail is the pages' 404 to this machine too. */
  async function expectNoSinkMail(config: ReturnType<typeof loadConfig>): Promise<void> {
    const site = await startSiteServer({
      config,
      db: t.db,
      log,
      sandboxUrl: null,
      mailSinkUrl: sink.url,
    });
    try {
      for (const url of ["/dev/mail.json", "/dev/mail"]) {
        const response = await site.inject({ method: "GET", url, remoteAddress: "127.0.0.1" });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await site.close();
    }
  }

  it("has no /dev paths without the sink: the app's, and npm start's with SMTP_URL", async () => {
    const plain = buildApp({ db: t.db, publishDir: path.join(root, "public") });
    for (const url of ["/dev/mail.json", "/dev/mail", "/dev/mail?to=ada@example.com"]) {
      expect((await plain.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
    await plain.close();

    const config = loadConfig({
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: root,
      SMTP_URL: "smtp://mail.example.com:587",
      LOG_LEVEL: "silent",
    });
    const started: string[] = [];
    const lifecycle = { started: (name: string) => started.push(name) } as unknown as Lifecycle;
    const sinkUrl = await startMailSinkUnlessSmtp(config, devToolsRule(config), log, lifecycle);
    expect(sinkUrl).toBeNull();
    expect(started).toEqual([]);
    expect(() => siteMailer({ ...config, SMTP_URL: undefined }, t.db, null)).toThrow(/no mail server/);
    // Even handed a sink's URL, a server with SMTP_URL set shows no sink mail.
    await expectNoSinkMail(config);
  });

  it("runs no sink and shows no mail at a public address, even without SMTP_URL", async () => {
    const config = loadConfig({
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: root,
      PUBLIC_URL: "https://stats.example.com",
      LOG_LEVEL: "silent",
    });
    const started: string[] = [];
    const lifecycle = { started: (name: string) => started.push(name) } as unknown as Lifecycle;
    expect(await startMailSinkUnlessSmtp(config, devToolsRule(config), log, lifecycle)).toBeNull();
    expect(started).toEqual([]);
    // Even handed a sink's URL, a server at a public address shows no sink mail.
    await expectNoSinkMail(config);
  });

  it("npm start without SMTP_URL starts the sink, registered for stopping, and serves its mail", async () => {
    const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: root, LOG_LEVEL: "silent" });
    const stops: { name: string; stop: () => Promise<void> }[] = [];
    const lifecycle = {
      started: (name: string, stop: () => Promise<void>) => stops.push({ name, stop }),
    } as unknown as Lifecycle;
    const sinkUrl = await startMailSinkUnlessSmtp(config, devToolsRule(config), log, lifecycle);
    expect(sinkUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    expect(stops.map((s) => s.name)).toEqual(["the mail sink"]);
    const site = await startSiteServer({
      config,
      db: t.db,
      log,
      sandboxUrl: null,
      mailSinkUrl: sinkUrl,
    });
    const second = siteMailer(config, t.db, sinkUrl);
    try {
      await second.send({ to: "zoe@example.com", subject: "Via npm start's sink", text: "hi", kind: "test" });
      const response = await site.inject({ method: "GET", url: "/dev/mail.json?to=zoe@example.com" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject([
        { subject: "Via npm start's sink", from: '"camstats" <no-reply@localhost>' },
      ]);
    } finally {
      await second.close();
      await site.close();
      for (const { stop } of stops) await stop();
    }
  });
});
