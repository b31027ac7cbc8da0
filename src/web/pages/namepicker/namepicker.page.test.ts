import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer } from "../../../../tests/helpers/fixtures.ts";
import { BROWSER, canonical } from "../../../../tests/helpers/page-html.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";
import { NOT_A_NAME_MESSAGE } from "./page-data.ts";

/** /namepicker[/{name}] with ?words=, server-rendered, through buildApp(...).inject. */

const clean = (html: string) => html.replaceAll("<!-- -->", "");
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
const section = (html: string, id: string) =>
  new RegExp(`<section [^>]*aria-labelledby="${id}"[^>]*>(.*?)</section>`, "s").exec(clean(html))?.[1] ?? "";
const listed = (html: string) =>
  [...html.matchAll(/<li><a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => ({ href: m[1], name: m[2] }));

describe("the name picker page", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const now = Date.now();

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    await insertPerformer(t.db, {
      username: "rosegold",
      lastSeen: new Date(now - 3 * 86_400_000).toISOString(),
    });
    await insertPerformer(t.db, { username: "rosegold7", lastSeen: new Date(now - 60_000).toISOString() });
    await insertPerformer(t.db, { username: "rose_gold", lastSeen: "2026-01-05T10:00:00Z" });
    await insertPerformer(t.db, { username: "itsrosegold" });
    await insertPerformer(t.db, { username: "rosegoldx" });
    await confirmOptout(t.db, "rosegoldx");
    app = testApp(t.db);
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  const get = (url: string) => app.inject({ method: "GET", url, headers: { "user-agent": BROWSER } });

  it("renders the empty picker with its meta and a minute's cache", async () => {
    const response = await get("/namepicker");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    expect(title(response.body)).toContain("Name picker");
    expect(canonical(response.body)).toMatch(/\/namepicker$/);
    expect(response.body).toContain('property="og:description"');
    expect(response.body).toContain('name="name"');
    expect(response.body).toContain('name="words"');
  });

  it("answers taken, with when it was last live and the closest taken names", async () => {
    const response = await get("/namepicker/rosegold");
    expect(response.statusCode).toBe(200);
    const answer = section(response.body, "namepicker-verdict");
    expect(answer).toContain("rosegold is <strong>taken</strong>");
    expect(answer).toContain("live 3 days ago");
    const close = listed(answer);
    expect(close.map((c) => c.name)).toContain("rosegold7");
    expect(close.map((c) => c.name)).toContain("rose_gold");
    expect(close).toContainEqual({ href: "/rosegold7", name: "rosegold7" });
    expect(answer).toContain("live now");
    expect(answer).toContain("last live 2026-01-05");
    // A performer who opted out is never shown, though the name stays taken.
    expect(answer).not.toContain("rosegoldx");
    expect(canonical(response.body)).toMatch(/\/namepicker\/rosegold$/);
  });

  it("answers available for a name never seen", async () => {
    const response = await get("/namepicker/goldrose");
    expect(response.statusCode).toBe(200);
    expect(section(response.body, "namepicker-verdict")).toContain("goldrose is <strong>available</strong>");
  });

  it("says an opted-out performer's name is taken, and nothing more about them", async () => {
    const response = await get("/namepicker/rosegoldx");
    const answer = section(response.body, "namepicker-verdict");
    expect(answer).toContain("rosegoldx is <strong>taken</strong>");
    expect(answer).toContain("has this name.");
    expect(answer.split("</div>")[0]).not.toContain("live");
    expect(answer).not.toContain('href="/rosegoldx"');
  });

  it("moves a name written otherwise to its username address, and the form's name there", async () => {
    const upper = await get("/namepicker/RoseGold?words=a%20b");
    expect(upper.statusCode).toBe(301);
    expect(upper.headers.location).toBe("/namepicker/rosegold?words=a+b");
    const form = await get("/namepicker?name=%20RoseGold%20");
    expect(form.statusCode).toBe(302);
    expect(form.headers.location).toBe("/namepicker/rosegold");
  });

  it("says a name that cannot be a username cannot be one, escaped, status 400", async () => {
    const response = await get(`/namepicker/${encodeURIComponent("<b>x</b> y")}`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(NOT_A_NAME_MESSAGE);
    expect(response.body).not.toContain("<b>x</b>");
    expect(response.body).toContain("&lt;b&gt;x&lt;/b&gt; y");
    expect(response.body).toContain('content="noindex"');
    const tooLong = await get(`/namepicker/${"a".repeat(65)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain("expected at most 64 characters");
  });

  it("suggests only free names from the words, checked against every performer", async () => {
    const response = await get("/namepicker?words=Rose%20Gold");
    expect(response.statusCode).toBe(200);
    const names = listed(section(response.body, "namepicker-suggestions")).map((s) => s.name);
    expect(names.length).toBe(12);
    expect(names).toContain("goldrose");
    for (const taken of ["rosegold", "rose_gold", "itsrosegold", "rosegoldx", "rosegold7"])
      expect(names).not.toContain(taken);
    expect(listed(section(response.body, "namepicker-suggestions"))[0]?.href).toBe(`/namepicker/${names[0]}`);
  });

  it("suggests free names like a taken name without words, and says when words give nothing", async () => {
    const like = await get("/namepicker/rose_gold");
    expect(section(like.body, "namepicker-suggestions")).toContain("Free names from rose, gold");
    const nothing = await get("/namepicker?words=%21%21%21");
    expect(nothing.statusCode).toBe(200);
    expect(nothing.body).toContain("Type a word or two (letters or digits) to get suggestions.");
  });

  it("never answers a hostile name or words with a server error", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: "grapheme", maxLength: 40 })),
        fc.oneof(fc.string({ maxLength: 300 }), fc.constant("")),
        async (name, words) => {
          const segment = encodeURIComponent(name);
          const query = words === "" ? "" : `?words=${encodeURIComponent(words)}`;
          const response = await get(`/namepicker/${segment}${query}`);
          expect([200, 301, 302, 400, 404]).toContain(response.statusCode);
          if (response.statusCode === 400) expect(response.body).toContain(NOT_A_NAME_MESSAGE);
        },
      ),
      { numRuns: 60 },
    );
  });
});
