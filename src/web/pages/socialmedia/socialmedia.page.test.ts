import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer, insertPerformerDay } from "../../../../tests/helpers/fixtures.ts";
import { BROWSER } from "../../../../tests/helpers/page-html.ts";
import { loadConfig } from "../../../config.ts";
import { handleRefused } from "../../../profiles/social/networks.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";
import { NOT_A_PERFORMER_NAME } from "./page-data.ts";

/** /socialmedia[/{user}[/{trophy}]] and /social-media-buttons[/{user}], server-rendered, through inject. */

const ORIGIN = "https://camstats.example";

const clean = (html: string) => html.replaceAll("<!-- -->", "");
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
/** The block's HTML as the page's textarea holds it, unescaped once (the page escapes it as text). */
const blockOf = (html: string) =>
  (/<textarea[^>]*socialmedia__html[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1] ?? "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");
/** Each trophy's box: its slug, whether it can be ticked, whether it is. */
const trophyBoxes = (html: string) =>
  [
    ...clean(html).matchAll(/<li class="socialmedia__trophy[^"]*" data-trophy="([^"]+)"><input ([^>]*)\/?>/g),
  ].map((m) => ({
    slug: m[1],
    disabled: / disabled=""/.test(m[2] ?? ""),
    checked: / checked=""/.test(m[2] ?? ""),
  }));

describe("the social media editor pages", () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    const ann = await insertPerformer(t.db, { username: "ann" });
    await insertPerformerDay(t.db, { performerId: ann, day: "2026-03-01", bestRank: 40, peakViewers: 900 });
    await insertPerformerDay(t.db, { performerId: ann, day: "2026-03-02", bestRank: 4, peakViewers: 5_200 });
    await insertPerformerDay(t.db, { performerId: ann, day: "2026-03-03", bestRank: 12, peakViewers: 300 });
    const bea = await insertPerformer(t.db, { username: "bea" });
    await insertPerformerDay(t.db, { performerId: bea, day: "2026-03-01", bestRank: null, peakViewers: 150 });
    const user = await t.db
      .insertInto("users")
      .values({ email: "bea@example.com" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO performer_owners (performer_id, user_id, verified_at) VALUES (${bea}, ${user.id}, now())`.execute(
      t.db,
    );
    await sql`INSERT INTO performer_profiles (performer_id, socials, updated_at)
      VALUES (${bea}, ${JSON.stringify({ instagram: "https://www.instagram.com/bea_cam/", telegram: "https://t.me/beacam" })}::jsonb, now())`.execute(
      t.db,
    );
    await insertPerformer(t.db, { username: "gone" });
    await confirmOptout(t.db, "gone");
    app = testApp(t.db, {
      config: loadConfig({ PLATFORM_NAME: "TestCams", PUBLIC_URL: ORIGIN }),
      pageCache: false,
    });
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });

  const get = (url: string) => app.inject({ method: "GET", url, headers: { "user-agent": BROWSER } });

  it("asks for a performer's name first, indexable, with five minutes' cache", async () => {
    const response = await get("/socialmedia");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    expect(title(response.body)).toContain("Social media profile editor");
    expect(response.body).toContain('name="user"');
    expect(response.body).not.toContain('content="noindex"');
    const form = await get("/socialmedia?user=%20Ann%20");
    expect(form.statusCode).toBe(302);
    expect(form.headers.location).toBe("/socialmedia/ann");
  });

  it("shows every trophy, the earned ones tickable, the best ones ticked, and their block", async () => {
    const response = await get("/socialmedia/ann");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('content="noindex"');
    const boxes = trophyBoxes(response.body);
    expect(boxes.filter((b) => !b.disabled).map((b) => b.slug)).toEqual([
      "top-10",
      "top-50",
      "top-100",
      "top-500",
      "top-1000",
      "top-5000",
      "ethereal-ghost",
      "hidden-gem",
      "rising-star",
      "paparazzi",
      "big-league",
      "unicorn",
    ]);
    expect(boxes.filter((b) => b.checked).map((b) => b.slug)).toEqual(["top-10", "unicorn"]);
    expect(clean(response.body)).toContain("best daily rank #4 on 2026-03-02");
    const block = blockOf(response.body);
    expect(block).toMatch(
      new RegExp(
        `^<p><a href="https://[^"]+/ann/"><img src="${ORIGIN}/social/buttons/room\\.[0-9a-f]{10}\\.png" alt="TestCams room" width="180" height="44"></a></p>\n<p>`,
      ),
    );
    expect(block).toContain(`<a href="${ORIGIN}/ann"><img src="${ORIGIN}/social/trophies/top-10.`);
    expect(block).toContain('alt="Unicorn on camstats" width="128" height="128"');
  });

  it("opens on a trophy that was earned, and shows one that was not as not earned, unpickable", async () => {
    const earned = await get("/socialmedia/ann/rising-star");
    expect(earned.statusCode).toBe(200);
    expect(
      trophyBoxes(earned.body)
        .filter((b) => b.checked)
        .map((b) => b.slug),
    ).toEqual(["rising-star"]);
    const notEarned = await get("/socialmedia/ann/top-1");
    expect(notEarned.statusCode).toBe(200);
    expect(clean(notEarned.body)).toContain("ann has not earned Top 1 yet, so it cannot be picked.");
    expect(trophyBoxes(notEarned.body).find((b) => b.slug === "top-1")).toEqual({
      slug: "top-1",
      disabled: true,
      checked: false,
    });
    expect(blockOf(notEarned.body)).not.toContain("/social/trophies/");
    // Sent by hand, a trophy not earned is ignored all the same.
    const sent = await get("/socialmedia/ann?edit=1&trophy=top-1&trophy=royal&trophy=top-50");
    expect(
      trophyBoxes(sent.body)
        .filter((b) => b.checked)
        .map((b) => b.slug),
    ).toEqual(["top-50"]);
    expect(blockOf(sent.body)).not.toContain("top-1.");
    expect(blockOf(sent.body)).not.toContain("royal.");
  });

  it("answers an unknown trophy, an unknown performer and an opt-out with the 404 page", async () => {
    for (const url of [
      "/socialmedia/ann/top-7",
      "/socialmedia/nobody",
      "/socialmedia/gone",
      "/social-media-buttons/gone",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain("Page not found");
    }
  });

  it("moves capitals to the lowercase address, and refuses a name that cannot be one (400)", async () => {
    const moved = await get("/socialmedia/Ann/Top-10?edit=1");
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe("/socialmedia/ann/top-10?edit=1");
    const refused = await get(`/socialmedia/${encodeURIComponent("<b>x</b> y")}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(NOT_A_PERFORMER_NAME);
    expect(refused.body).not.toContain("<b>x</b>");
    expect(refused.body).toContain('content="noindex"');
  });

  it("prefills a verified performer's handles from their profile's links", async () => {
    const response = await get("/social-media-buttons/bea");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('value="https://www.instagram.com/bea_cam/"');
    expect(trophyBoxes(response.body)).toEqual([]);
    const block = blockOf(response.body);
    expect(block).toContain(
      '<a href="https://www.instagram.com/bea_cam/"><img src="https://camstats.example/social/buttons/instagram.',
    );
    expect(block).toContain('<a href="https://t.me/beacam">');
    expect(block).not.toContain("/social/trophies/");
  });

  it("makes the block from the sent handles, and says why a handle is refused", async () => {
    const response = await get(
      `/social-media-buttons?edit=1&twitter=%40ann_cam&reddit=u%2Fann&tiktok=${encodeURIComponent('"><script>alert(1)</script>')}`,
    );
    expect(response.statusCode).toBe(200);
    const block = blockOf(response.body);
    expect(block).toContain('<a href="https://x.com/ann_cam">');
    expect(block).toContain('<a href="https://www.reddit.com/user/ann/">');
    expect(block).not.toContain("script");
    expect(clean(response.body)).toContain(handleRefused("tiktok"));
    expect(response.body).not.toContain("<script>alert(1)");
  });

  it("never answers a hostile segment or query with a server error", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/socialmedia", "/social-media-buttons"),
        fc.oneof(fc.string({ maxLength: 70 }), fc.constantFrom("ann", "bea", "gone", "ANN")),
        fc.option(fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("top-10", "unicorn", "Top-1")), {
          nil: undefined,
        }),
        fc.dictionary(
          fc.constantFrom("edit", "trophy", "room", "twitter", "telegram", "user", "x"),
          fc.string({ maxLength: 400 }),
        ),
        async (base, user, trophy, query) => {
          const segments = [user, ...(trophy === undefined ? [] : [trophy])]
            .map(encodeURIComponent)
            .join("/");
          const search = new URLSearchParams(query).toString();
          const response = await get(`${base}/${segments}${search === "" ? "" : `?${search}`}`);
          expect([200, 301, 302, 400, 404]).toContain(response.statusCode);
          if (response.statusCode === 400) expect(response.body).toContain(NOT_A_PERFORMER_NAME);
        },
      ),
      { numRuns: 80 },
    );
  });
});
